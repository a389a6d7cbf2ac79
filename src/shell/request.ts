import { API_BASE, type EndpointsOf, type RequestOf, type ResponseOf } from "~/lib/endpoint-types";
import { showError } from "./error-dialog";
import { errorAction, RequestError } from "./request-errors";

/**
 * The one request helper islands and stores use for the API (spec 000 section 8): on 401 the login
 * opens in a modal and, once signed in, the request is sent again and its answer returned as if
 * nothing happened; 404 is logged; status 0 is a warning; anything else shows the error dialog.
 * Every failure still rejects with a RequestError so the caller can restore its state.
 */
export interface RequestOptions {
  /** Statuses the caller shows itself (a refused quantity): no dialog, just the rejection. */
  handled?: readonly number[];
  retried?: boolean;
}

export async function requestJson<T>(path: string, init: RequestInit = {}, options: RequestOptions = {}): Promise<T> {
  const { handled = [], retried = false } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...init,
      headers: {
        Accept: "application/json",
        "X-Culture": document.documentElement.lang,
        ...(init.body ? { "Content-Type": "application/json" } : {}),
        ...init.headers,
      },
    });
  } catch (error) {
    console.warn(`Request to ${path} did not complete`, error);
    throw new RequestError(0, path);
  }
  if (response.ok) return (await response.json()) as T;

  const body = await response.json().catch(() => null);
  if (handled.includes(response.status)) throw new RequestError(response.status, path, body, response.statusText);
  switch (errorAction(response.status)) {
    case "login":
      if (
        !retried &&
        (await (await import("./login")).loginInModal(window.location.pathname + window.location.search))
      ) {
        return requestJson<T>(path, init, { ...options, retried: true });
      }
      break;
    case "log":
      console.info(`Not found: ${path}`);
      break;
    case "warn":
      console.warn(`Request to ${path} was aborted`);
      break;
    default:
      showError();
  }
  document.dispatchEvent(new CustomEvent("request:failed", { detail: { url: path, status: response.status } }));
  throw new RequestError(response.status, path, body, response.statusText);
}

// Typed endpoint calls (DESIGN.md section 5): here rather than in a module of their own, so every
// page that talks to the API loads one small chunk, not two.

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
