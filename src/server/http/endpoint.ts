import { z } from "zod";
import type { Culture } from "~/lib/culture";
import type { EndpointContract, HttpMethod } from "~/lib/endpoint-types";
import { registeredPersonalMemo } from "../session/memo-registry";
import type { Session } from "../session/session";
import { ApiError } from "./errors";
import { parseWith } from "./validation";

type Schema = z.ZodType | undefined;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Sent<S> = S extends z.ZodType ? z.input<S> : undefined;
type Part<Name extends string, S> = [S] extends [undefined] ? { [K in Name]?: undefined } : { [K in Name]: Sent<S> };

/** What a client sends to an endpoint: the parts it declares, as JSON-side (input) types. */
export type RequestFor<P, Q, B> = Part<"params", P> & Part<"query", Q> & Part<"body", B>;

/** What `run` receives: the parsed parts, the shopper's session and culture. */
export interface EndpointCall<P, Q, B, A extends boolean> {
  params: P;
  query: Q;
  body: B;
  session: Session;
  culture: Culture;
  /** The signed-in customer: `auth: true` endpoints never run without one. */
  customerId: A extends true ? number : number | null;
  clientIp: string;
  /** A request header (a no-JavaScript form post has none of the API's). */
  requestHeader(name: string): string | undefined;
  /** Sets an answer header (ignored by a form post). */
  header(name: string, value: string): void;
  /** The request itself, for a `multipart` endpoint that streams its body (absent in a form post). */
  request: Request | undefined;
}

export interface EndpointOptions<M extends HttpMethod, Path extends string, P, Q, B, A extends boolean, R> {
  method: M;
  /** Hono-style path under /api/v1 ("/shoppingcarts/shoppingcartitems/:id"), as the spec names it. */
  path: Path;
  summary: string;
  tags: string[];
  /** Path parameters; a value that does not parse is a 404 (no such thing), not a 400. */
  params?: P;
  query?: Q;
  body?: B;
  /** The answer's schema, for the OpenAPI document. */
  response?: z.ZodType;
  /** The media type of an answer that is no JSON (`run` returns a Response: a CSV, a file), for the document. */
  answers?: string;
  /** true: 401 without a signed-in customer, before anything else is read. */
  auth?: A;
  /** Cache-Control of a success (default "private, no-store"). */
  cache?: string;
  /** The same answer for every visitor: still served while sessions are unreachable. */
  public?: boolean;
  /**
   * A read of the shopper's own parts that, while sessions are unreachable, answers as for a visitor
   * (as the pages do) rather than 503: nothing personal is guessed, nothing is written.
   */
  visitorWhileSessionsAway?: boolean;
  /**
   * A read of the shopper's own parts asked on every page: the production server keeps its answer per
   * session and serves it itself until her session, her account, public data or the clock change it
   * (decision 063). Its answer sets `MEMO_UNTIL_HEADER` when it holds for less than the memo's lifetime.
   */
  personalMemo?: boolean;
  /** Not called by our pages (a provider's signed webhook): no Origin check. */
  crossOrigin?: boolean;
  /** The body is `application/x-www-form-urlencoded` (a provider's webhook that posts a form, as Mollie's does). */
  urlencoded?: boolean;
  /**
   * A file upload: the body is multipart/form-data, read as it streams by `run` (from `request`) under its
   * own limits instead of the JSON ones.
   */
  multipart?: boolean;
  /**
   * A CSV file: the body is `text/csv` or multipart/form-data (field `file`), read as it streams by `run`
   * (from `request`) under its own limits instead of the JSON ones.
   */
  csvUpload?: boolean;
  /** The rule. Its answer is sent as JSON, unless it is a Response. */
  run(call: EndpointCall<Parsed<P>, Parsed<Q>, Parsed<B>, A>): Promise<R> | R;
}

type Answer<R> = R extends Response ? unknown : R;

export type Endpoint<
  M extends HttpMethod = HttpMethod,
  Path extends string = string,
  P = Schema,
  Q = Schema,
  B = Schema,
  A extends boolean = boolean,
  R = unknown,
> = EndpointOptions<M, Path, P, Q, B, A, R> &
  EndpointContract<`${Uppercase<M>} ${Path}`, RequestFor<P, Q, B>, Answer<Awaited<R>>>;

// biome-ignore lint/suspicious/noExplicitAny: any endpoint, whatever its schemas
export type AnyEndpoint = Endpoint<HttpMethod, string, any, any, any, boolean, any>;

/**
 * One definition per endpoint (DESIGN.md section 5): the Hono route, its OpenAPI entry, the types its
 * clients import and the no-JavaScript form post all come from this object.
 */
export function defineEndpoint<
  const M extends HttpMethod,
  const Path extends string,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  A extends boolean = false,
  R = unknown,
>(options: EndpointOptions<M, Path, P, Q, B, A, R>): Endpoint<M, Path, P, Q, B, A, R> {
  return { ...options, key: `${options.method.toUpperCase()} ${options.path}` as `${Uppercase<M>} ${Path}` };
}

export function isEndpoint(value: unknown): value is AnyEndpoint {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as AnyEndpoint).key === "string" &&
    typeof (value as AnyEndpoint).run === "function"
  );
}

/** The caller's side of a run: who asks, and the raw parts as they came (strings from a path or a form). */
export interface RawCall {
  session: Session;
  culture: Culture;
  clientIp: string;
  params?: unknown;
  query?: unknown;
  body?: unknown;
  requestHeader?: (name: string) => string | undefined;
  header?: (name: string, value: string) => void;
  request?: Request;
}

/** Parses a call's parts with the endpoint's schemas (400 field errors, 404 bad path, 401) and runs it. */
export async function runEndpoint(endpoint: AnyEndpoint, raw: RawCall): Promise<unknown> {
  const params = endpoint.params ? endpoint.params.safeParse(raw.params ?? {}) : { success: true, data: undefined };
  if (!params.success) throw new ApiError("NotFound");
  const customerId = raw.session.customerId ?? null;
  if (endpoint.auth && customerId === null) throw new ApiError("Unauthorized");
  const query = endpoint.query ? parseWith(endpoint.query, raw.query ?? {}, raw.culture) : undefined;
  const body = endpoint.body ? parseWith(endpoint.body, raw.body, raw.culture) : undefined;
  if (endpoint.method === "get") return runParsed(endpoint, raw, params.data, query, body, customerId);
  // A write: what is kept for this session and customer (their summary) is made again after it, in every
  // process, before its answer leaves (decision 063). The session may change on the way (sign-in, out).
  const before = { id: raw.session.id, customerId };
  try {
    return await runParsed(endpoint, raw, params.data, query, body, customerId);
  } finally {
    await registeredPersonalMemo()?.changed([before.id, raw.session.id], [before.customerId, raw.session.customerId]);
  }
}

function runParsed(
  endpoint: AnyEndpoint,
  raw: RawCall,
  params: unknown,
  query: unknown,
  body: unknown,
  customerId: number | null,
): Promise<unknown> | unknown {
  return endpoint.run({
    params,
    query,
    body,
    session: raw.session,
    culture: raw.culture,
    customerId,
    clientIp: raw.clientIp,
    requestHeader: raw.requestHeader ?? (() => undefined),
    header: raw.header ?? (() => {}),
    request: raw.request,
  });
}

/** A matcher for the request paths (under /api/v1) of an endpoint's path pattern; built once per endpoint. */
export function pathMatcher(path: string): RegExp {
  const pattern = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+");
  // A spec path's trailing slash is answered without it too (openapi.ts documentedPath).
  return new RegExp(`^${pattern.endsWith("/") && pattern.length > 1 ? `${pattern}?` : pattern}$`);
}

/** The answer of a write that has nothing more to say than that it was done. */
export const SuccessAnswer = z.object({ Success: z.literal(true) });
