import type { z } from "zod";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { fieldsWithControlCharacters } from "~/lib/validation";
import { errorBody, type FieldErrors, isFormRefusal } from "./errors";
import { fieldErrors } from "./validation";

/** What a form page shows again after a post that did not go through: nothing typed is lost. */
export interface FormPost<T> {
  /** Every posted field, as typed. */
  values: Record<string, string>;
  errors: FieldErrors;
  /** The notice above the form; null when the post went through. */
  failure: string | null;
  status: number;
  /** The action's answer when the post went through. */
  result?: T;
}

/**
 * A page's form posted without JavaScript: read, shaped for the schema (`shape`), validated, then
 * handed to the same rule the API calls. Validation and rule refusals (`isFormRefusal`: 4xx, and the
 * payment refusals) come back as field errors and a notice in the shopper's language; server failures
 * and stores away are thrown.
 */
export async function handleFormPost<S extends z.ZodType, T>(
  request: Request,
  culture: Culture,
  schema: S,
  action: (input: z.infer<S>) => Promise<T>,
  shape: (values: Record<string, string>) => unknown = (values) => values,
): Promise<FormPost<T>> {
  const form = await request.formData().catch(() => new FormData());
  const values = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  const controls = fieldsWithControlCharacters(values);
  if (controls.length > 0) {
    const message = translator(culture)("Errors.InvalidValue");
    return {
      values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, controls.includes(k) ? "" : v])),
      errors: Object.fromEntries(controls.map((field) => [field, [message]])),
      failure: translator(culture)("Errors.ValidationFailed"),
      status: 400,
    };
  }
  const parsed = schema.safeParse(shape(values), { reportInput: true });
  if (!parsed.success)
    return {
      values,
      errors: fieldErrors(parsed.error, culture),
      failure: translator(culture)("Errors.ValidationFailed"),
      status: 400,
    };
  try {
    return { values, errors: {}, failure: null, status: 200, result: await action(parsed.data) };
  } catch (error) {
    if (!isFormRefusal(error)) throw error;
    const body = errorBody(error, culture);
    // The first field's message says more than the code's general one.
    const failure = Object.values(body.Errors).find((m) => m.length)?.[0] ?? body.Message;
    return { values, errors: body.Errors, failure, status: error.status };
  }
}
