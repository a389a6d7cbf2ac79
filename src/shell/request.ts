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
  if (handled.includes(response.status)) throw new RequestError(response.status, path, body);
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
  throw new RequestError(response.status, path, body);
}
