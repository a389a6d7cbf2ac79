import { connectControllers } from "~/shell/controllers";
import type { ShopperSummary } from "./shopper";
import { $shopper, hasWishes, knowShopper, SHOPPER_KNOWN_EVENT, SHOPPER_WISHED_EVENT } from "./shopper.store";

/** Which of her parts a placeholder waits for (`data-personal-when`). */
function applies(when: string | undefined, summary: ShopperSummary): boolean {
  const customer = summary.Customer;
  switch (when) {
    case "customer":
      return customer !== null;
    case "guest":
      return customer === null;
    case "business":
      return customer?.IsBusiness === true;
    case "birthlists":
      return customer?.HasBirthLists === true;
    default:
      return false;
  }
}

async function loadFragment(slot: HTMLElement, url: string): Promise<void> {
  const response = await fetch(url, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } });
  if (!response.ok) return;
  slot.innerHTML = await response.text();
  slot.hidden = false;
  connectControllers(slot);
}

/** Fills the page's placeholders from her summary: the account area, and what waits for her kind of account. */
function fill(area: HTMLElement, summary: ShopperSummary): void {
  const placeholder = area.querySelector<HTMLAnchorElement>("a[data-personal-placeholder]");
  const menu = area.querySelector<HTMLTemplateElement>('template[data-personal-account="customer"]');
  if (placeholder && summary.Customer && menu) {
    const part = menu.content.cloneNode(true) as DocumentFragment;
    for (const label of part.querySelectorAll<HTMLElement>("[data-first-name]"))
      label.textContent = (label.textContent ?? "").replace("{name}", summary.Customer.FirstName);
    placeholder.replaceWith(part);
    menu.remove();
  } else if (placeholder && !summary.Customer) {
    // A visitor: the link signs her in.
    placeholder.href = placeholder.dataset.guestHref ?? placeholder.href;
    const label = placeholder.querySelector("[data-account-label]");
    if (label) label.textContent = placeholder.dataset.guestLabel ?? "";
    placeholder.removeAttribute("data-personal-placeholder");
    menu?.remove();
  }
  document.documentElement.classList.toggle("is-business", summary.Customer?.IsBusiness === true);
  for (const element of document.querySelectorAll<HTMLElement>("[data-personal-when]")) {
    if (!applies(element.dataset.personalWhen, summary)) continue;
    const url = element.dataset.personalFragment;
    if (url) {
      delete element.dataset.personalFragment;
      void loadFragment(element, url);
    } else element.hidden = false;
  }
  document.dispatchEvent(new CustomEvent(SHOPPER_KNOWN_EVENT, { detail: summary }));
  if (hasWishes(summary)) document.dispatchEvent(new CustomEvent(SHOPPER_WISHED_EVENT, { detail: summary }));
}

/**
 * The header's account area on a page shared by every shopper (decision 062): it asks her summary once
 * per page load (a page swap brings a new area, filled from what is known) and fills her parts.
 */
export default async function connect(area: HTMLElement): Promise<void> {
  const known = $shopper.get();
  const summary = known ?? (await knowShopper());
  if (summary && area.isConnected) fill(area, summary);
}

declare global {
  interface DocumentEventMap {
    "shopper:known": CustomEvent<ShopperSummary>;
    "shopper:wished": CustomEvent<ShopperSummary>;
  }
}
