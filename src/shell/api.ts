import { API_BASE, type EndpointsOf, type RequestOf, type ResponseOf } from "../lib/endpoint-types";
import { type RequestOptions, requestJson } from "./request";

interface RawRequest {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** An endpoint's key ("PUT /shoppingcarts/shoppingcartitems/:id") and a request's parts as a method and a URL. */
export function endpointUrl(key: string, request: RawRequest = {}): { method: string; url: string } {
  const space = key.indexOf(" ");
  const params = (request.params ?? {}) as Record<string, unknown>;
  const path = key.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>))
    if (value !== undefined && value !== null) query.set(name, String(value));
  const search = query.size > 0 ? `?${query}` : "";
  return { method: key.slice(0, space), url: `${API_BASE}${path}${search}` };
}

export interface CallOptions extends RequestOptions {
  /** More of the fetch (an abort signal). */
  init?: RequestInit;
}

/**
 * A typed caller of a feature's endpoints: `endpointClient<typeof import("./x.endpoints")>()` checks the
 * key, the request and the answer against the endpoint's own definition (types only: no zod here).
 */
export function endpointClient<M>() {
  return <K extends keyof EndpointsOf<M> & string>(
    key: K,
    request: RequestOf<EndpointsOf<M>[K]>,
    { init = {}, ...options }: CallOptions = {},
  ): Promise<ResponseOf<EndpointsOf<M>[K]>> => {
    const { method, url } = endpointUrl(key, request as RawRequest);
    const { body } = request as RawRequest;
    return requestJson(
      url,
      { ...init, method, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) },
      options,
    );
  };
}
