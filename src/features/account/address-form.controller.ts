import { saveAddress } from "./addresses.store";

/**
 * The address popup's form in the modal: saved through the API; field errors are shown in place and
 * keep what was typed; once saved the modal closes and the pickers reload with the address chosen.
 * A business needs its company name. Without JavaScript the form posts to its page instead.
 */
export default function connect(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  const company = form.querySelector<HTMLInputElement>("[name='Company']");
  const syncCompany = () => {
    const business = form.querySelector<HTMLInputElement>("[name='AccountType'][value='Business']")?.checked ?? false;
    if (company) company.required = business;
  };
  syncCompany();
  form.addEventListener("change", syncCompany);

  // In the page (no modal) the form keeps posting itself, the way it works without JavaScript.
  const dialog = form.closest("dialog");
  if (!dialog) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const use = form.dataset.addressFor === "Shipping" ? "Shipping" : "Billing";
    const button = form.querySelector<HTMLButtonElement>("[data-address-save]");
    if (button) button.disabled = true;
    const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const outcome = await saveAddress(use, fields);
    if (button) button.disabled = false;
    if (outcome.ok) {
      dialog.close();
      return;
    }
    showErrors(form, outcome.errors, outcome.message ?? form.dataset.errorText ?? "");
  });
}

function showErrors(form: HTMLFormElement, errors: Record<string, string[]>, message: string): void {
  for (const old of form.querySelectorAll("[data-client-error]")) old.remove();
  for (const field of form.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
  let notice = form.querySelector<HTMLElement>("[data-address-error]");
  if (!notice) {
    notice = document.createElement("p");
    notice.className = "notice notice--error";
    notice.setAttribute("role", "alert");
    notice.dataset.addressError = "";
    form.prepend(notice);
  }
  notice.textContent = message;
  let first: HTMLElement | null = null;
  for (const [name, messages] of Object.entries(errors)) {
    const field = form.querySelector<HTMLInputElement>(`[name='${CSS.escape(name)}']`);
    if (!field || !messages[0]) continue;
    const error = document.createElement("p");
    error.className = "form-error";
    error.id = `${field.id}-error`;
    error.dataset.clientError = "";
    error.textContent = messages[0];
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-describedby", error.id);
    field.insertAdjacentElement("afterend", error);
    first ??= field;
  }
  (first ?? notice).focus?.();
}
