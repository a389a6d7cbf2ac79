import { RequestError } from "~/shell/request-errors";
import { authoriseCard } from "./payment.client";

/**
 * The card drop-in, mounted in its fixed container from the session the server created (id,
 * sessionData, clientKey, environment). A challenge redirects the shopper away; the provider sends
 * them back with redirectResult. Payment errors are only logged to the console (spec 001 section 8);
 * the shopper sees a plain message.
 */
export default function connect(container: HTMLElement): void {
  const template = container.querySelector<HTMLTemplateElement>("template[data-dropin-template]");
  if (!template) return;
  container.querySelector("[data-hosted-link]")?.remove();
  container.append(template.content.cloneNode(true));
  const form = container.querySelector<HTMLFormElement>("[data-card-form]");
  if (!form) return;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const error = form.querySelector<HTMLElement>("[data-payment-error]");
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
