import type { TrackingItem } from "~/lib/tracking";
import { trackEcommerce } from "~/shell/tag-manager";

/**
 * A product page (`data-view-item`): GA4 view_item with the item of `data-track-item`.
 * A product list: GA4 view_item_list once it is shown, select_item when a product is opened, and the
 * cards' add-to-cart forms sent through the cart store (the mini-cart follows) with the
 * continue-or-basket dialog. Without JavaScript the forms post and come back with a notice.
 */
export default function connect(list: HTMLElement): void {
  if (list.dataset.viewItem !== undefined) {
    const item = itemOf(list);
    if (item) trackEcommerce("view_item", { currency: "EUR", value: item.price, items: [item] });
    return;
  }
  const listFields = { item_list_id: list.dataset.itemListId ?? "", item_list_name: list.dataset.itemListName ?? "" };
  const items = [...list.querySelectorAll<HTMLElement>("[data-track-item]")].map((card) => itemOf(card));
  const shown = items.filter((item): item is TrackingItem => item !== null);
  if (shown.length)
    trackEcommerce("view_item_list", { ...listFields, items: shown.map((i) => ({ ...i, ...listFields })) });

  list.addEventListener("click", (event) => {
    const link = (event.target as Element).closest("a[data-select-item]");
    const item = link ? itemOf(link.closest<HTMLElement>("[data-track-item]")) : null;
    if (item) trackEcommerce("select_item", { ...listFields, items: [{ ...item, ...listFields }] });
  });

  list.addEventListener("submit", async (event) => {
    const form = event.target as HTMLFormElement;
    if (!form.matches("[data-card-add-to-cart]")) return;
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    if (button) button.disabled = true;
    const data = new FormData(form);
    try {
      const { addToCart } = await import("./cart.store");
      const outcome = await addToCart({
        ProductVariantId: Number(data.get("ProductVariantId")),
        Quantity: Number(data.get("Quantity")),
        Name: String(data.get("Name") ?? ""),
        Index: Number(data.get("Index") ?? 0),
      });
      await showOutcome(list, outcome.ok ? outcome.result.Message : outcome.message, outcome.ok);
    } catch {
      // The request helper has already told the shopper.
    } finally {
      if (button) button.disabled = false;
    }
  });
}

function itemOf(card: HTMLElement | null): TrackingItem | null {
  try {
    return card?.dataset.trackItem ? (JSON.parse(card.dataset.trackItem) as TrackingItem) : null;
  } catch (error) {
    console.warn("tracking failed", error);
    return null;
  }
}

/** The add-to-cart dialog of spec 001 section 4: continue shopping or go to basket. */
async function showOutcome(list: HTMLElement, message: string, ok: boolean): Promise<void> {
  const { openModal } = await import("~/shell/dialog");
  const body = document.createElement("div");
  const text = Object.assign(document.createElement("p"), { textContent: message });
  text.setAttribute("role", ok ? "status" : "alert");
  body.append(text);
  const actions = Object.assign(document.createElement("div"), { className: "dialog__actions" });
  const close = Object.assign(document.createElement("button"), {
    type: "button",
    className: "button button--secondary",
    textContent: list.dataset.continueLabel ?? "",
  });
  close.setAttribute("data-modal-close", "");
  actions.append(close);
  if (ok) {
    actions.append(
      Object.assign(document.createElement("a"), {
        className: "button",
        href: list.dataset.basketUrl ?? "/",
        textContent: list.dataset.basketLabel ?? "",
      }),
    );
  }
  body.append(actions);
  openModal(body, { title: ok ? (list.dataset.addedTitle ?? "") : "" });
}
