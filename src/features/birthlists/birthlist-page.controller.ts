import type { CartSummary } from "~/features/cart/cart";
import { cartChanged } from "~/features/cart/cart.store";
import { positive, status } from "~/features/wishlists/list-page";
import { LIST_QUANTITY_DELAY_MS } from "~/features/wishlists/wishlists.constants";
import { type BirthListFormName, isBirthListForm } from "./birthlists.forms";
import { runBirthListAction } from "./birthlists.store";

/**
 * A birth-list page with JavaScript (spec 001): its forms go to the API. The owner's quantity stepper
 * and typed quantities save (600 ms after typing), the priority saves when ticked, a removed product's
 * row goes, the information dialog opens as a modal and reloads the page once saved, a deleted list
 * goes to the Uri answered. A visitor's gift goes to the cart, the mini-cart following.
 */
export default function connect(root: HTMLElement): void {
  const info = root.querySelector<HTMLDialogElement>("#birthlist-info");
  if (info?.open) {
    // Rendered open for `?openBirthlist` (the page without JavaScript): shown as a modal instead.
    info.close();
    info.showModal();
  }
  root.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target.closest("[data-open-info]") && info) {
      event.preventDefault();
      info.showModal();
    } else if (target.closest("[data-close-info]") && info) {
      event.preventDefault();
      info.close();
    }
  });

  root.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    const action = form.dataset.birthlistAction;
    if (!isBirthListForm(action)) return;
    event.preventDefault();
    if (form.dataset.confirmText && !window.confirm(form.dataset.confirmText)) return;
    const fields = Object.fromEntries(new FormData(form, (event as SubmitEvent).submitter)) as Record<string, string>;
    if (action === "quantity") fields.Quantity = String(positive(fields.Quantity));
    if (action === "priority") {
      fields.IsPriority = String(form.querySelector<HTMLInputElement>("input[type=checkbox]")?.checked ?? false);
    }
    void submit(root, form, action, fields);
  });

  root.addEventListener("change", (event) => {
    const field = event.target as HTMLElement;
    if (field.matches("[data-auto-save]")) (field as HTMLInputElement).form?.requestSubmit();
  });

  const timers = new WeakMap<HTMLInputElement, ReturnType<typeof setTimeout>>();
  root.addEventListener("input", (event) => {
    const input = event.target as HTMLInputElement;
    const form = input.form;
    if (!input.matches("input[name=Quantity]") || form?.dataset.birthlistAction !== "quantity") return;
    clearTimeout(timers.get(input));
    timers.set(
      input,
      setTimeout(() => {
        if (input.value !== "") input.value = String(positive(input.value));
        void submit(root, form, "quantity", {
          ...(Object.fromEntries(new FormData(form)) as Record<string, string>),
          Quantity: input.value,
        });
      }, LIST_QUANTITY_DELAY_MS),
    );
  });
}

/**
 * The stepper's decrease is disabled where one step less would go under the product's minimum (spec
 * 001's "decrease disabled at zero or below when configured": a birth list wants at least one).
 */
export function syncStepper(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>("input[name=Quantity]");
  const down = form.querySelector<HTMLButtonElement>("[data-step-down]");
  if (!input || !down) return;
  const step = Number(input.step) || 1;
  down.disabled = Number(input.value) - step < Math.max(Number(input.min) || 0, 1);
}

async function submit(
  root: HTMLElement,
  form: HTMLFormElement,
  action: BirthListFormName,
  fields: Record<string, string>,
) {
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  if (button) button.disabled = true;
  try {
    const outcome = await runBirthListAction(action, fields);
    if (!outcome.ok) {
      const inDialog = form.querySelector<HTMLElement>("[data-form-status]");
      if (inDialog) inDialog.textContent = outcome.message;
      else status(root, outcome.message, true);
      return;
    }
    const text = (key: string) => root.dataset[key] ?? "";
    switch (action) {
      case "delete":
        window.location.assign((outcome.answer as { Uri: string }).Uri);
        return;
      case "info":
        // Spec 001: the page reloads once the information is saved (without the dialog's parameter).
        window.location.assign(window.location.pathname);
        return;
      case "remove": {
        const row = form.closest("[data-list-item]");
        const rows = row?.parentElement;
        row?.remove();
        if (rows && rows.children.length === 0)
          rows.replaceWith(
            Object.assign(document.createElement("p"), {
              className: "wishlist__empty",
              textContent: text("textEmpty"),
            }),
          );
        status(root, text("textRemoved"));
        return;
      }
      case "quantity": {
        const answer = outcome.answer as { Quantity: number };
        const input = form.querySelector<HTMLInputElement>("input[name=Quantity]");
        if (input) input.value = String(answer.Quantity);
        syncStepper(form);
        status(root, text("textSaved"));
        return;
      }
      case "gift":
        status(root, (outcome.answer as { Message: string }).Message);
        return;
      case "order-all": {
        const answer = outcome.answer as {
          Lines: { Added: boolean; Message: string }[];
          AddedCount: number;
          Cart: CartSummary;
        };
        cartChanged(answer.Cart);
        const refused = answer.Lines.filter((l) => !l.Added).map((l) => l.Message);
        status(
          root,
          [text("textOrderAll").replace("{count}", String(answer.AddedCount)), ...refused].join(" "),
          refused.length > 0,
        );
        return;
      }
      default:
        status(root, text("textSaved"));
    }
  } finally {
    if (button) button.disabled = false;
  }
}
