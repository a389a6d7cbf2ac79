import type { CartSummary } from "~/features/cart/cart";
import { cartChanged } from "~/features/cart/cart.store";
import { RequestError } from "~/shell/request-errors";
import { positive, status } from "./list-page";
import { LIST_QUANTITY_DELAY_MS } from "./wishlists.constants";
import { isWishlistForm } from "./wishlists.forms";
import { runWishlistAction } from "./wishlists.store";

interface OrderAllAnswer {
  Lines: { variantId: number; Added: boolean; Message: string }[];
  AddedCount: number;
  Cart: CartSummary;
}

/**
 * The wishlist page with JavaScript (spec 001): a list chosen in the navigation loads as a fragment
 * and the address bar takes its link; every form goes to the API instead of reloading; a removed
 * product's row goes, a deleted list goes to the Uri answered; order all says what went to the cart.
 */
export default function connect(root: HTMLElement): void {
  root.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-list-fragment]");
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    event.stopPropagation();
    void showList(root, link);
  });

  root.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    const action = form.dataset.wishlistAction;
    if (!isWishlistForm(action)) return;
    event.preventDefault();
    if (form.dataset.confirmText && !window.confirm(form.dataset.confirmText)) return;
    void submit(root, form, action);
  });

  root.addEventListener("change", (event) => {
    const field = event.target as HTMLElement;
    if (field.matches("[data-auto-save]")) (field as HTMLInputElement).form?.requestSubmit();
  });

  const timers = new WeakMap<HTMLInputElement, ReturnType<typeof setTimeout>>();
  root.addEventListener("input", (event) => {
    const input = event.target as HTMLInputElement;
    if (!input.matches("input[name=Quantity]")) return;
    clearTimeout(timers.get(input));
    timers.set(
      input,
      setTimeout(() => {
        // Spec 001: made a positive number first; the server fits it to the catalogue's rules.
        if (input.value !== "") input.value = String(positive(input.value));
        const form = input.form;
        if (form && isWishlistForm(form.dataset.wishlistAction)) void submit(root, form, form.dataset.wishlistAction);
      }, LIST_QUANTITY_DELAY_MS),
    );
  });
}

async function showList(root: HTMLElement, link: HTMLAnchorElement): Promise<void> {
  const area = root.querySelector<HTMLElement>("[data-wishlist-area]");
  if (!area) return;
  area.setAttribute("aria-busy", "true");
  try {
    const response = await fetch(link.dataset.listFragment ?? "", {
      credentials: "same-origin",
      headers: { "X-Requested-With": "fetch" },
    });
    if (!response.ok) throw new Error(String(response.status));
    area.innerHTML = await response.text();
    window.history.pushState(window.history.state, "", link.href);
    for (const other of root.querySelectorAll<HTMLAnchorElement>("a[data-list-fragment]")) {
      const active = other === link;
      other.classList.toggle("active", active);
      if (active) other.setAttribute("aria-current", "page");
      else other.removeAttribute("aria-current");
    }
  } catch {
    // The link still works as a page.
    window.location.assign(link.href);
  } finally {
    area.removeAttribute("aria-busy");
  }
}

async function submit(root: HTMLElement, form: HTMLFormElement, action: Parameters<typeof runWishlistAction>[0]) {
  const list = form.closest<HTMLElement>("[data-wishlist-id]");
  const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
  if (action === "quantity") {
    // Spec 001: the quantity is made a positive number before it is sent.
    fields.Quantity = String(positive(fields.Quantity));
  }
  const items = [...root.querySelectorAll<HTMLInputElement>("[data-order-qty]")].map((input) => ({
    variantId: input.dataset.orderQty ?? "",
    qty: String(positive(input.value)),
  }));
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  if (button) button.disabled = true;
  try {
    let outcome: Awaited<ReturnType<typeof runWishlistAction>>;
    try {
      outcome = await runWishlistAction(action, fields, action === "order-all" ? items : []);
    } catch (error) {
      // Spec 001: a failure the server did not explain says its status text, else Core.ErrorServer.
      const statusText = error instanceof RequestError ? error.statusText : "";
      status(root, statusText || (list?.dataset.textErrorServer ?? ""), true);
      return;
    }
    if (!outcome.ok) {
      status(root, outcome.message, true);
      return;
    }
    const text = (key: string) => list?.dataset[key] ?? "";
    switch (action) {
      case "delete":
        window.location.assign((outcome.answer as { Uri: string }).Uri);
        return;
      case "remove": {
        const row = form.closest("[data-list-item]");
        const rows = row?.parentElement;
        row?.remove();
        if (rows && rows.children.length === 0) {
          rows.replaceWith(
            Object.assign(document.createElement("p"), {
              className: "wishlist__empty",
              textContent: text("textEmpty"),
            }),
          );
          root.querySelector("[data-wishlist-action=order-all]")?.remove();
        }
        status(root, text("textRemoved"));
        return;
      }
      case "quantity": {
        const input = form.querySelector<HTMLInputElement>("input[name=Quantity]");
        const answer = outcome.answer as { Quantity: number };
        if (input) input.value = String(answer.Quantity);
        status(root, text("textSaved"));
        return;
      }
      case "order-all": {
        const answer = outcome.answer as OrderAllAnswer;
        cartChanged(answer.Cart);
        const refused = answer.Lines.filter((l) => !l.Added).map((l) => {
          const name = root.querySelector(`[data-product-variant-id="${l.variantId}"] .list-item__name a`)?.textContent;
          return `${name ?? `#${l.variantId}`} : ${l.Message}`;
        });
        status(
          root,
          [text("textOrderAll").replace("{count}", String(answer.AddedCount)), ...refused].join(" "),
          refused.length > 0,
        );
        return;
      }
      case "name": {
        const current = root.querySelector<HTMLAnchorElement>("a[data-list-fragment][aria-current]");
        const count = current?.querySelector(".wishlist-nav__count");
        if (current) current.firstChild?.replaceWith(document.createTextNode(`${fields.Name?.trim()} `));
        if (count && current) current.append(count);
        status(root, text("textSaved"));
        return;
      }
      default:
        status(root, text("textSaved"));
    }
  } finally {
    if (button) button.disabled = false;
  }
}
