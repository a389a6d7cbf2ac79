import { setPickupNames } from "~/features/pickup/pickup.store";
import { trackEcommerce } from "~/shell/tag-manager";
import { checkVatNumber } from "./checkout.client";
import { vatChangeReloads } from "./vat.constants";

/**
 * The one-step checkout with JavaScript: the VAT number is checked in place (the field turns valid or
 * invalid; the page reloads when validity changes, except from false to unknown), and GA4
 * add_shipping_info / add_payment_info are sent when the order is submitted.
 */
export default function connect(root: HTMLElement): void {
  // A pickup point's shipping names are the billing names (spec 001 section 3): the finder reads them here.
  const first = root.querySelector<HTMLInputElement>("[name='Billing.FirstName']");
  const last = root.querySelector<HTMLInputElement>("[name='Billing.LastName']");
  const names = () => setPickupNames(first?.value.trim() ?? "", last?.value.trim() ?? "");
  names();
  first?.addEventListener("input", names);
  last?.addEventListener("input", names);
  // A saved address chosen in the picker fills these inputs without an input event.
  root.addEventListener("change", names);

  const vatForm = root.querySelector<HTMLFormElement>("[data-vat-form]");
  vatForm?.addEventListener(
    "submit",
    (event) => {
      event.preventDefault();
      event.stopImmediatePropagation();
      void check(vatForm);
    },
    true,
  );

  root.querySelector<HTMLFormElement>("[data-checkout-form]")?.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (!form.checkValidity()) {
      event.preventDefault();
      window.scrollTo({ top: 0 });
      return;
    }
    form.querySelector<HTMLButtonElement>("[data-place-order]")?.classList.add("is-loading");
    const data = root.dataset.trackViewCart;
    if (data) {
      const ecommerce = JSON.parse(data);
      trackEcommerce("add_shipping_info", ecommerce);
      trackEcommerce("add_payment_info", { ...ecommerce, payment_type: "card" });
    }
  });
}

function parseState(value: string | undefined): boolean | null {
  return value === "true" ? true : value === "false" ? false : null;
}

async function check(form: HTMLFormElement): Promise<void> {
  const input = form.querySelector<HTMLInputElement>("[data-vat-number]");
  const country = form.querySelector<HTMLSelectElement>("[data-billing-country]");
  const message = form.querySelector<HTMLElement>("[data-vat-message]");
  if (!input || !country) return;
  const before = parseState(form.dataset.vatState);
  try {
    const result = await checkVatNumber(country.value, input.value);
    const after = result.IsVATValidWebService;
    input.classList.toggle("is-valid", after === true);
    input.classList.toggle("is-invalid", after === false);
    if (message) message.textContent = result.ErrorMessage ?? "";
    form.dataset.vatState = String(after);
    if (vatChangeReloads(before, after)) location.reload();
  } catch {
    // Reported by the request helper.
  }
}
