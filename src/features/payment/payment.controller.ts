import { RequestError } from "~/shell/request-errors";
import { authoriseCard } from "./payment.client";

/**
 * The card drop-in, mounted in its fixed container from the session the server created (id,
 * sessionData, clientKey, environment). A challenge redirects the shopper away; the provider sends
 * them back with redirectResult. Payment errors are only logged to the console (spec 001 section 8);
 * the shopper sees a plain message. With Adyen (`data-sdk`), Adyen Web's Drop-in is loaded from Adyen on
 * this page only and mounted with the same four values.
 */
export default function connect(container: HTMLElement): void {
  if (container.dataset.sdk) {
    mountAdyen(container);
    return;
  }
  const template = container.querySelector<HTMLTemplateElement>("template[data-dropin-template]");
  if (!template) return;
  container.querySelector("[data-hosted-link]")?.remove();
  container.append(template.content.cloneNode(true));
  const form = container.querySelector<HTMLFormElement>("[data-card-form]");
  if (!form) return;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const error = form.querySelector<HTMLElement>("[data-payment-error]");
    // Loading shows only for a form that may be sent (spec 001 section 5).
    if (!form.checkValidity()) {
      form.reportValidity();
      return;
    }
    const button = form.querySelector<HTMLButtonElement>("[data-pay]");
    button?.classList.add("is-loading");
    if (button) button.disabled = true;
    const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
    authoriseCard(fields)
      .then((result) => {
        if (result.action?.type === "redirect") window.location.assign(result.action.url);
        else if (result.resultCode === "Authorised") window.location.assign(container.dataset.confirmationUrl ?? "/");
        else show(error, container.dataset.refused);
      })
      .catch((failure: unknown) => {
        console.error("Payment failed", failure instanceof RequestError ? failure.body : failure);
        show(error, container.dataset.failed);
      })
      .finally(() => {
        button?.classList.remove("is-loading");
        if (button) button.disabled = false;
      });
  });
}

function show(box: HTMLElement | null, message: string | undefined): void {
  if (!box) return;
  box.textContent = message ?? "";
  box.hidden = false;
}

interface AdyenResult {
  resultCode?: string;
}

interface AdyenWeb {
  AdyenCheckout(options: Record<string, unknown>): Promise<unknown>;
  Dropin: new (checkout: unknown, options?: Record<string, unknown>) => { mount(target: HTMLElement): unknown };
}

function load(tag: "script" | "link", url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const element = document.createElement(tag);
    if (element instanceof HTMLScriptElement) element.src = url;
    else if (element instanceof HTMLLinkElement) {
      element.rel = "stylesheet";
      element.href = url;
    }
    element.addEventListener("load", () => resolve());
    element.addEventListener("error", () => reject(new Error(`${url} did not load`)));
    document.head.append(element);
  });
}

async function mountAdyen(container: HTMLElement): Promise<void> {
  const data = container.dataset;
  const error = container.parentElement?.querySelector<HTMLElement>("[data-payment-error]") ?? null;
  const done = (result: AdyenResult) => {
    // Authorised, or pending the provider's word (a bank transfer's): the confirmation says which.
    if (result.resultCode === "Refused" || result.resultCode === "Cancelled" || result.resultCode === "Error")
      show(error, data.refused);
    else window.location.assign(data.confirmationUrl ?? "/");
  };
  try {
    await Promise.all([load("script", data.sdk as string), data.sdkStyle ? load("link", data.sdkStyle) : null]);
    const adyen = (window as unknown as { AdyenWeb?: AdyenWeb }).AdyenWeb;
    if (!adyen) throw new Error("Adyen Web is missing");
    const checkout = await adyen.AdyenCheckout({
      session: { id: data.sessionId, sessionData: data.sessionData },
      environment: data.environment,
      clientKey: data.clientKey,
      locale: data.locale,
      countryCode: data.country,
      onPaymentCompleted: done,
      onPaymentFailed: done,
      onError: (failure: unknown) => {
        console.error("Payment failed", failure);
        show(error, data.failed);
      },
    });
    new adyen.Dropin(checkout).mount(container);
  } catch (failure) {
    console.error("Payment failed", failure);
    show(error, data.failed);
  }
}
