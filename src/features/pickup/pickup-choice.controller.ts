import { $pickup, openPickupFinder, resetPickup } from "./pickup.store";
import type { ChosenPickupPoint } from "./pickup-point";

/**
 * The checkout's delivery block with JavaScript: its link opens the pickup finder (the island hydrates
 * then, not before), and the block shows the point the store holds, so a choice appears at once, with
 * no reload. Without JavaScript the link is the search page.
 */
export default function connect(root: HTMLElement): void {
  const config = JSON.parse(root.dataset.pickupConfig ?? "{}");
  resetPickup(config);
  const open = root.querySelector<HTMLAnchorElement>("[data-pickup-open]");
  open?.addEventListener("click", (event) => {
    event.preventDefault();
    openPickupFinder();
  });
  let shown = $pickup.get().chosen;
  const unsubscribe = $pickup.subscribe((state) => {
    if (!root.isConnected) {
      unsubscribe();
      return;
    }
    if (state.chosen?.ref === shown?.ref) return;
    shown = state.chosen;
    render(root, state.chosen);
  });
}

function render(root: HTMLElement, chosen: ChosenPickupPoint | null): void {
  const text = root.querySelector<HTMLElement>("[data-pickup-text]");
  const open = root.querySelector<HTMLElement>("[data-pickup-open]");
  if (!text || !open) return;
  if (chosen) {
    const name = document.createElement("strong");
    name.textContent = chosen.name;
    text.replaceChildren(name, document.createElement("br"), `${chosen.street}, ${chosen.postalCode} ${chosen.city}`);
    text.dataset.pickupChosen = chosen.ref;
  } else {
    text.textContent = root.dataset.required ?? "";
    delete text.dataset.pickupChosen;
  }
  open.textContent = (chosen ? root.dataset.change : root.dataset.choose) ?? open.textContent;
}
