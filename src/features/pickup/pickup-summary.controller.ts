import { $pickup } from "./pickup.store";

/**
 * The order summary's pickup line: the point the store holds, shown as soon as it is chosen. It loads
 * when the finder opens (`data-load-on="pickup:open"`), before any choice can be made.
 */
export default function connect(root: HTMLElement): void {
  const name = root.querySelector<HTMLElement>("[data-pickup-summary-name]");
  const unsubscribe = $pickup.subscribe((state) => {
    if (!root.isConnected) {
      unsubscribe();
      return;
    }
    if (name) name.textContent = state.chosen?.name ?? "";
    root.hidden = !state.chosen;
  });
}
