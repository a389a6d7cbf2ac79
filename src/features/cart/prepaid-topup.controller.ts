import { RequestError } from "~/shell/request-errors";
import { cartChanged, refreshCart } from "./cart.store";
import { postPrepaidTopUp } from "./prepaid-topup.client";

/**
 * The add-prepaid-money form (spec 001): posted through the API; when it answers an address the
 * cart-changed events fire and the page goes there. A refusal (Sales.QuantityIsMandatory) is shown
 * by the form. Without JavaScript the form posts to its page.
 */
export default function connect(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const quantity = String(data.get("Quantity") ?? "").trim();
    const slot = form.querySelector<HTMLElement>("[data-valmsg-for=Quantity]");
    try {
      const address = await postPrepaidTopUp({
        PrepaidAccountId: Number(data.get("PrepaidAccountId")),
        ...(quantity ? { Quantity: Number(quantity) } : {}),
      });
      if (!address) return;
      cartChanged(await refreshCart());
      window.location.assign(address);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      const body = error.body as { Message?: string; Errors?: Record<string, string[]> } | null;
      if (slot) slot.textContent = body?.Errors?.Quantity?.[0] ?? body?.Message ?? "";
      form.querySelector<HTMLInputElement>("[name=Quantity]")?.focus();
    }
  });
}
