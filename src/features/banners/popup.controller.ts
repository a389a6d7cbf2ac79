import { POPUP_DELAY_MS } from "./banners";
import { isRemembered, remember } from "./popup-memory";

/**
 * Runs `then` once no dialog is open: at once, or when the open one closes (the cookie prompt at a first
 * visit). Checked again at each close, since a dialog may close only to open as a modal (the prompt's
 * first layer does) or hand over to another.
 */
function whenNoDialogOpen(then: () => void): void {
  const open = document.querySelector<HTMLDialogElement>("dialog[open]");
  if (!open) {
    then();
    return;
  }
  open.addEventListener("close", () => whenNoDialogOpen(then), { once: true });
}

/**
 * A popup (spec 001): shown as a modal 3 seconds after the page loaded, or 3 seconds after the cookie
 * prompt (any open dialog) closed, never on top of it; not at all if the visitor closed it before.
 * Closing it records its id and the time in the popup memory.
 */
export default function connect(dialog: HTMLElement): void {
  if (!(dialog instanceof HTMLDialogElement)) return;
  const id = dialog.dataset.memoryId ?? "";
  if (!id || isRemembered(id)) return;
  dialog.addEventListener("close", () => remember(id), { once: true });
  whenNoDialogOpen(() =>
    window.setTimeout(
      () =>
        whenNoDialogOpen(() => {
          // Gone with a page swap: not on the next page.
          if (dialog.isConnected && !dialog.open) dialog.showModal();
        }),
      POPUP_DELAY_MS,
    ),
  );
}
