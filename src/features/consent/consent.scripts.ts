import { afterPress } from "~/shell/press";
import {
  acceptAll,
  allows,
  CONSENT_COOKIE_NAME,
  type ConsentSettings,
  declineAll,
  parseConsent,
  validConsent,
} from "./consent";

/**
 * What every page needs of consent on first load, without the store: the stored decision, and the
 * scripts it allows. The dialog and its store load only when the prompt shows or is reopened.
 */
export function pageStamp(): string {
  return window.VitrineConsent?.stamp ?? "";
}

export function storedConsent(): ConsentSettings | null {
  const entry = document.cookie.split("; ").find((c) => c.startsWith(`${CONSENT_COOKIE_NAME}=`));
  return parseConsent(entry ? entry.slice(CONSENT_COOKIE_NAME.length + 1) : null);
}

const executed = new WeakSet<HTMLScriptElement>();

/** Runs each `<script type="text/plain" data-cookie-category>` the visitor consented to, once. */
export function activateConsentedScripts(root: ParentNode = document, settings = storedConsent()): void {
  const valid = validConsent(settings, pageStamp());
  if (!valid) return;
  for (const placeholder of root.querySelectorAll<HTMLScriptElement>(
    'script[type="text/plain"][data-cookie-category]',
  )) {
    if (executed.has(placeholder) || placeholder.dataset.cookieActivated) continue;
    if (!allows(valid, placeholder.dataset.cookieCategory ?? "")) continue;
    executed.add(placeholder);
    placeholder.dataset.cookieActivated = "true";
    // A tag-manager container expects its start in the dataLayer before its script runs.
    if (placeholder.dataset.tagManager !== undefined) {
      const page = window as unknown as { dataLayer?: unknown[] };
      page.dataLayer = page.dataLayer ?? [];
      page.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    }
    const script = document.createElement("script");
    for (const { name, value } of Array.from(placeholder.attributes)) {
      if (name !== "type" && name !== "data-cookie-category" && name !== "data-cookie-activated")
        script.setAttribute(name, value);
    }
    script.text = placeholder.text;
    placeholder.after(script);
  }
}

declare global {
  interface Window {
    VitrineConsent?: import("./consent.store").PageConsentConfig;
    /** The visitor's current consent, or null before a decision (documented in the README). */
    CookieConsentSettings?: ConsentSettings | null;
    gtag?: (...args: unknown[]) => void;
  }
}

/** First load: expose the valid decision and run the scripts it allows, or ask (the first layer). */
export function startConsent(): void {
  const valid = validConsent(storedConsent(), pageStamp());
  window.CookieConsentSettings = valid;
  if (valid) activateConsentedScripts(document, valid);
  else startFirstLayer();
}

/**
 * The prompt's first layer without React: the server's dialog becomes modal (once a press in progress
 * has made its click, shell/press.ts), and accept all or decline all are saved by the store (a small
 * chunk loaded on the click). Only "customise" hands the dialog to the React island (`consent:open`
 * hydrates it), which then shows the categories.
 */
function startFirstLayer(): void {
  const dialog = document.querySelector<HTMLDialogElement>("dialog#consent-dialog");
  const form = dialog?.querySelector("form");
  if (!dialog || !form) {
    afterPress(() => void import("./consent.store").then((store) => store.openConsent()));
    return;
  }
  // Made modal only once a press that started the scripts has made its click: the page under the
  // dialog would otherwise take no release, and the shopper's click on a link would be lost.
  let answered = false;
  afterPress(() => {
    if (!answered && !dialog.matches(":modal")) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
  });
  const answer = (event: SubmitEvent) => {
    event.preventDefault();
    answered = true;
    form.removeEventListener("submit", answer);
    const choice = (event.submitter as HTMLButtonElement | null)?.value;
    void import("./consent.store").then((store) => {
      if (choice === "accept" || choice === "decline") {
        store.saveConsent(choice === "accept" ? acceptAll(pageStamp()) : declineAll(pageStamp()));
        dialog.close();
      } else store.openConsent({ details: true });
    });
  };
  form.addEventListener("submit", answer);
  // Once the island takes the dialog (customise, or the footer link after Escape), it answers alone.
  document.addEventListener(
    "consent:open",
    () => {
      answered = true;
      form.removeEventListener("submit", answer);
    },
    { once: true },
  );
}

/** The footer link and any [data-consent-open] element reopen the dialog. */
export function reopenConsent(): void {
  void import("./consent.store").then((store) => store.openConsent());
}
