import type Swup from "swup";
import { findAnchorTarget } from "./anchor-target";
import { swupInstance } from "./swup-instance";
import { ajaxLink, visit } from "./swup-start";

/**
 * Links with a confirm attribute, links that open in a modal, same-page anchors before swup is ready,
 * and forms with Ajax attributes (spec 000 section 2).
 */
type Navigate = (url: string, options?: { cache?: boolean; method?: string; body?: BodyInit }) => void;

function navigator(fallback?: () => void): Navigate {
  return (url, options) => visit(url, options as Parameters<Swup["navigate"]>[1], fallback);
}

/** A link's page in the shell modal; the modal code (and this) loads with the first modal link used. */
function openLinkInModal(link: HTMLAnchorElement): Promise<void> {
  return import("./dialog").then((m) => m.openLinkInModal(link));
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const link = (event.target as Element).closest<HTMLAnchorElement>("a[href]");
  // Bootstrap-style toggles belong to their own script.
  if (!link || link.hasAttribute("data-bs-toggle") || link.hasAttribute("data-toggle")) return;
  if (link.dataset.confirm !== undefined) {
    event.preventDefault();
    event.stopImmediatePropagation();
    if (window.confirm(link.dataset.confirm || link.textContent || "")) {
      if (link.dataset.modal !== undefined) void openLinkInModal(link);
      else navigator()(link.href, { cache: !link.classList.contains("no-cache") });
    }
    return;
  }
  // Same-page anchors: reveal the target, scroll smoothly, keep a history entry (whether or not swup runs).
  const url = new URL(link.href, window.location.href);
  if (
    url.hash &&
    url.origin === window.location.origin &&
    url.pathname === window.location.pathname &&
    url.search === window.location.search &&
    !link.closest("[data-no-swup]")
  ) {
    if (findAnchorTarget(url.hash)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      if (url.hash !== window.location.hash) window.history.pushState(window.history.state, "", url.hash);
      void import("./anchors").then(({ goToAnchor }) => goToAnchor(url.hash));
    }
    return;
  }
  if (link.dataset.modal !== undefined) {
    event.preventDefault();
    event.stopImmediatePropagation();
    void openLinkInModal(link);
    return;
  }
  // no-cache: the next load bypasses swup's page cache.
  if (link.classList.contains("no-cache") && !link.closest("[data-no-swup]")) {
    if (url.origin === window.location.origin && swupInstance()) {
      event.preventDefault();
      event.stopImmediatePropagation();
      navigator()(url.pathname + url.search + url.hash, { cache: false });
    }
  }
  // Links inside a modal load in the page (and close the modal), except those that open another modal
  // and those of content that steps through its own pages inside the modal (data-modal-steps).
  const modal = link.closest<HTMLDialogElement>("dialog#shell-modal[open]");
  if (modal && !link.hash && !link.closest("[data-modal-steps]")) modal.close();
}

/**
 * A click on a link before swup has loaded (it starts on the first intent, and a tap can come with it):
 * held, and swup's visit once it is there. In the bubbling phase, as swup's own listener: a behaviour
 * that took the click over (quick view, lightbox) has prevented it by then. Later clicks are swup's.
 */
function holdUntilSwup(event: MouseEvent): void {
  if (swupInstance() || event.defaultPrevented || event.button !== 0) return;
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  const link = ajaxLink(event.target, event);
  if (!link) return;
  const url = new URL(link.href, window.location.href);
  // The same page (an anchor to nothing, the page itself): the browser's own.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return;
  event.preventDefault();
  navigator()(url.pathname + url.search + url.hash, { cache: !link.classList.contains("no-cache") });
}

/** A form sent by the browser itself (no submit event again), with the button that sent it. */
function submitPlainly(form: HTMLFormElement, submitter: HTMLButtonElement | null): void {
  if (submitter?.name) {
    const field = document.createElement("input");
    field.type = "hidden";
    field.name = submitter.name;
    field.value = submitter.value;
    form.append(field);
  }
  HTMLFormElement.prototype.submit.call(form);
}

/** Ajax forms: data-ajax="true", data-ajax-update="#target" (the page when absent or #swup). */
async function onSubmit(event: SubmitEvent): Promise<void> {
  const form = event.target as HTMLFormElement;
  if (event.defaultPrevented || form.dataset.ajax !== "true") return;
  event.preventDefault();
  const submitter = event.submitter as HTMLButtonElement | null;
  submitter?.classList.add("is-loading");
  submitter?.setAttribute("aria-busy", "true");
  const method = (form.getAttribute("method") ?? "get").toUpperCase();
  const data = new FormData(form, submitter);
  const url = new URL(form.action || window.location.href, window.location.href);
  const body = method === "GET" ? undefined : new URLSearchParams(data as unknown as Record<string, string>);
  if (method === "GET") url.search = new URLSearchParams(data as unknown as Record<string, string>).toString();
  const targetSelector = form.dataset.ajaxUpdate;
  try {
    if (!targetSelector || targetSelector === "#swup") {
      // The target is the page: a swup visit, which pushes history.
      navigator(() => submitPlainly(form, submitter))(
        url.pathname + url.search,
        method === "GET" ? { cache: false } : { cache: false, method, body: body as BodyInit },
      );
      return;
    }
    // Loaded with the first such form: most pages never have one.
    await (await import("./fragments")).loadIntoTarget(url, method, body, targetSelector);
  } finally {
    submitter?.classList.remove("is-loading");
    submitter?.removeAttribute("aria-busy");
  }
}

export function installLinkBehaviours(): void {
  // Capture phase: decided before swup's own click handling.
  document.addEventListener("click", onClick, true);
  document.addEventListener("click", holdUntilSwup);
  document.addEventListener("submit", (event) => void onSubmit(event as SubmitEvent));
}
