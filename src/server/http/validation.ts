import type { Context } from "hono";
import type { z } from "zod";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { fieldsWithControlCharacters, MAX_JSON_DEPTH, nestedDeeperThan } from "~/lib/validation";
import { ApiError, type FieldErrors } from "./errors";

/** Field errors in the request's culture: "Required" for a missing value, "InvalidValue" otherwise. */
export function fieldErrors(error: z.ZodError, culture: Culture): FieldErrors {
  const t = translator(culture);
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "_";
    // Absent, blank (a text that must hold at least one character) or a rule's own "required".
    const missing =
      (issue.code === "invalid_type" && issue.input === undefined) ||
      (issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) === 1) ||
      (issue.code === "custom" && issue.message === "required");
    const messages = result[field] ?? [];
    messages.push(t(missing ? "Errors.Required" : "Errors.InvalidValue"));
    result[field] = messages;
  }
  return result;
}

/** Refuses (400, the error shape) a value with control characters in any of its texts. */
export function refuseControlCharacters(value: unknown, culture: Culture): void {
  const fields = fieldsWithControlCharacters(value);
  if (fields.length === 0) return;
  const message = translator(culture)("Errors.InvalidValue");
  throw new ApiError("ValidationFailed", Object.fromEntries(fields.map((field) => [field, [message]])));
}

/** Refuses (400) a value nested deeper than any of ours: walking it could exhaust the stack. */
export function refuseDeepNesting(value: unknown): void {
  if (nestedDeeperThan(value)) throw new ApiError("InvalidJson", {}, "Errors.JsonTooDeep", { max: MAX_JSON_DEPTH });
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, culture: Culture): z.infer<S> {
  refuseDeepNesting(value);
  refuseControlCharacters(value, culture);
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw new ApiError("ValidationFailed", fieldErrors(result.error, culture));
  return result.data;
}

/**
 * `parseWith` for a body made from a posted form (a staff page's): a refused field is named as the form
 * names it (`formField` maps the body's path, `Names.fr`, to the form's field, `Name-fr`), so the page
 * shows its message beside the field that was typed.
 */
export function parseFormBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  culture: Culture,
  formField: (path: string) => string = (path) => path,
): z.infer<S> {
  try {
    return parseWith(schema, body, culture);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "ValidationFailed") throw error;
    const named: FieldErrors = {};
    for (const [path, messages] of Object.entries(error.errors)) {
      const field = formField(path);
      named[field] = [...(named[field] ?? []), ...messages];
    }
    throw new ApiError("ValidationFailed", named);
  }
}

/** Reads a JSON body (content type already checked by the API middleware) and validates it. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let value: unknown;
  try {
    value = await c.req.json();
  } catch {
    throw new ApiError("InvalidJson");
  }
  refuseDeepNesting(value);
  return parseWith(schema, value, c.get("culture"));
}

export function queryParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query(), c.get("culture"));
}

export function pathParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.param());
  if (!result.success) throw new ApiError("NotFound");
  return result.data;
}
