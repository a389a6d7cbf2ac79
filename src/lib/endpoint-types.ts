/**
 * The typed contract between an endpoint (server, `defineEndpoint`) and its callers (browser,
 * `shell/request.ts`): types only, so a client imports `type` from a feature's `.endpoints.ts` and ships
 * neither zod nor server code.
 */
/** Where the API lives: the one place its prefix is written. */
export const API_BASE = "/api/v1";

export type HttpMethod = "get" | "post" | "put" | "delete";

/** What a caller sends: path parameters, query and body, each present when the endpoint declares it. */
export interface EndpointRequest<P = unknown, Q = unknown, B = unknown> {
  params?: P;
  query?: Q;
  body?: B;
}

/** The phantom types an endpoint carries for its clients: its key ("PUT /path/:id"), request and answer. */
export interface EndpointContract<Key extends string, Request, Response> {
  readonly key: Key;
  /** Never set: a type-level carrier for clients. */
  readonly types?: { request: Request; response: Response };
}

// biome-ignore lint/suspicious/noExplicitAny: a contract of any endpoint
type AnyContract = EndpointContract<string, any, any>;

/** The endpoints of a module (`typeof import("./x.endpoints")`), keyed "METHOD /path". */
export type EndpointsOf<M> = {
  [K in keyof M as M[K] extends AnyContract ? M[K]["key"] : never]: M[K];
};

export type RequestOf<E> = E extends EndpointContract<string, infer R, unknown> ? R : never;
export type ResponseOf<E> = E extends EndpointContract<string, unknown, infer R> ? R : never;
