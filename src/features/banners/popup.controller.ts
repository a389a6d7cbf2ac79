import { POPUP_DELAY_MS } from "./banners";
import { isRemembered, remember } from "./popup-memory";

/**
 * A popup (spec 001): shown as a modal 3 seconds after the page loaded, unless the visitor closed it
 * before; closing it records its id and the time in the popup memory.
 */
export default function connect(dialog: HTMLElement): void {
  if (!(dialog instanceof HTMLDialogElement)) return;
  const id = dialog.dataset.memoryId ?? "";
  if (!id || isRemembered(id)) return;
  dialog.addEventListener("close", () => remember(id), { once: true });
  window.setTimeout(() => {
    // Gone with a page swap, or another dialog is open: not now.
    if (!dialog.isConnected || dialog.open || document.querySelector("dialog[open]")) return;
    dialog.showModal();
  }, POPUP_DELAY_MS);
}
