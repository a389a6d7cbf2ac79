import { connectControllers } from "./controllers";
import { showError } from "./error-dialog";
import { errorAction } from "./request-errors";

/** The page container of a full document answer (or the part matching `selector`), or the answer as it is. */
export function sliceContainer(html: string, selector?: string): string {
  if (!/<html[\s>]/i.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, "text/html");
  const part = selector ? doc.querySelector(selector) : null;
  return (part ?? doc.querySelector("#swup .wrap") ?? doc.querySelector("#swup") ?? doc.body).innerHTML;
}

/** The request each target is waiting for: a new one aborts it (spec 000 section 4). */
const pending = new Map<string, AbortController>();

/**
 * A form shown again with its errors (400 or 422 with HTML): the answer the shopper must see, in place.
 * Any other failure follows the request-error rules.
 */
function isFormAgain(response: Response): boolean {
  return (
    (response.status === 400 || response.status === 422) &&
    (response.headers.get("content-type") ?? "").includes("text/html")
  );
}

/**
 * An Ajax form's or a link's answer put into its target (data-ajax-update), its behaviours connected.
 * A new request to the same target aborts the one before, so a late answer never overwrites a newer
 * one. Failures follow spec 000 section 8 as page loads do: 401 opens the login in a modal and sends the
 * request again once signed in; 404 is logged; an aborted request is a console warning; any other
 * failure shows the error dialog. The target keeps what it had in each case. Answers whether the
 * answer was put in place.
 */
export async function loadIntoTarget(
  url: URL,
  method: string,
  body: URLSearchParams | undefined,
  targetSelector: string,
  retried = false,
): Promise<boolean> {
  pending.get(targetSelector)?.abort();
  const controller = new AbortController();
  pending.set(targetSelector, controller);
  let response: Response;
  let html: string;
  try {
    response = await fetch(url, {
      method,
      body,
      credentials: "same-origin",
      headers: { "X-Requested-With": "fetch" },
      signal: controller.signal,
    });
    html = await response.text();
  } catch (error) {
    if (pending.get(targetSelector) === controller) pending.delete(targetSelector);
    console.warn(`Request to ${url.href} did not complete`, error);
    return false;
  }
  // A newer request to the target took over while this answer was on its way.
  if (controller.signal.aborted) return false;
  pending.delete(targetSelector);
  switch (isFormAgain(response) ? "none" : errorAction(response.status)) {
    case "none":
      break;
    case "login": {
      const signedIn =
        !retried && (await (await import("./login")).loginInModal(window.location.pathname + window.location.search));
      return signedIn ? loadIntoTarget(url, method, body, targetSelector, true) : false;
    }
    case "log":
      console.info(`Not found: ${url.href}`);
      return false;
    default:
      document.dispatchEvent(new CustomEvent("request:failed", { detail: { url: url.href, status: response.status } }));
      showError();
      return false;
  }
  const target = document.querySelector(targetSelector);
  if (target) {
    target.innerHTML = sliceContainer(html, targetSelector);
    connectControllers(target);
  }
  document.dispatchEvent(new CustomEvent("page:loaded", { detail: { url: url.href, target: targetSelector } }));
  return true;
}
