import { connectControllers } from "./controllers";

/** The page container of a full document answer (or the part matching `selector`), or the answer as it is. */
export function sliceContainer(html: string, selector?: string): string {
  if (!/<html[\s>]/i.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, "text/html");
  const part = selector ? doc.querySelector(selector) : null;
  return (part ?? doc.querySelector("#swup .wrap") ?? doc.querySelector("#swup") ?? doc.body).innerHTML;
}

/** An Ajax form's answer put into its target (data-ajax-update), its behaviours connected. */
export async function loadIntoTarget(
  url: URL,
  method: string,
  body: URLSearchParams | undefined,
  targetSelector: string,
): Promise<void> {
  const response = await fetch(url, {
    method,
    body,
    credentials: "same-origin",
    headers: { "X-Requested-With": "fetch" },
  });
  const target = document.querySelector(targetSelector);
  if (target) {
    target.innerHTML = sliceContainer(await response.text(), targetSelector);
    connectControllers(target);
  }
  document.dispatchEvent(new CustomEvent("page:loaded", { detail: { url: url.href, target: targetSelector } }));
}
