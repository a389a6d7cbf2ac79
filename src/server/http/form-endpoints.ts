import type { Culture } from "~/lib/culture";
import type { Session } from "../session/session";
import { type AnyEndpoint, isEndpoint, runEndpoint } from "./endpoint";
import { errorBody, isFormRefusal } from "./errors";

/** A feature's endpoints (its `.endpoints.ts` module) by key ("POST /path"), for its no-JavaScript forms. */
export function endpointsByKey(...modules: Record<string, unknown>[]): Map<string, AnyEndpoint> {
  return new Map(
    modules.flatMap((m) => Object.values(m).filter(isEndpoint)).map((endpoint) => [endpoint.key, endpoint] as const),
  );
}

export type FormEndpointOutcome =
  | { ok: true; answer: unknown; headers: Map<string, string> }
  | { ok: false; status: number; message: string };

/**
 * A page's form posted without JavaScript, run as the endpoint the browser would call (DESIGN.md
 * section 5: one definition serves the API and the form). A refusal (4xx, `isFormRefusal`) comes back as its message in
 * the shopper's language, the first field's when there is one; a server failure is thrown.
 */
export async function runFormEndpoint(
  endpoints: Map<string, AnyEndpoint>,
  key: string,
  request: { params?: unknown; query?: unknown; body?: unknown },
  session: Session,
  culture: Culture,
): Promise<FormEndpointOutcome> {
  const endpoint = endpoints.get(key);
  if (!endpoint) throw new Error(`No endpoint ${key}`);
  const headers = new Map<string, string>();
  try {
    const answer = await runEndpoint(endpoint, {
      ...request,
      session,
      culture,
      clientIp: "",
      header: (name, value) => headers.set(name, value),
    });
    return { ok: true, answer, headers };
  } catch (error) {
    if (!isFormRefusal(error)) throw error;
    const body = errorBody(error, culture);
    const first = Object.values(body.Errors).find((messages) => messages.length > 0)?.[0];
    return { ok: false, status: error.status, message: first ?? body.Message };
  }
}

/** A page's forms by name (`action` field), each an endpoint call built from the posted fields. */
export type FormTable = Record<
  string,
  { endpoint: string; request(fields: Record<string, string>, ...rest: never[]): { params?: unknown; body?: unknown } }
>;

/**
 * A page's form posted without JavaScript, found by its `action` field in the page's form table and
 * run as its endpoint. Null when the action is not one of the table's.
 */
export async function runNamedForm(
  table: FormTable,
  endpoints: Map<string, AnyEndpoint>,
  form: FormData,
  session: Session,
  culture: Culture,
): Promise<{ action: string; fields: Record<string, string>; outcome: FormEndpointOutcome } | null> {
  const fields = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  const action = fields.action;
  const definition = action !== undefined && Object.hasOwn(table, action) ? table[action] : undefined;
  if (!action || !definition) return null;
  const request = (definition.request as (fields: Record<string, string>, items: unknown[]) => object)(fields, []);
  return { action, fields, outcome: await runFormEndpoint(endpoints, definition.endpoint, request, session, culture) };
}
