/** What the wishlist page and the birth-list page share in the browser. */

/** The list's status line (role=status): a saved change, a removal, what order all did, a refusal. */
export function status(root: HTMLElement, message: string, error = false): void {
  const box = root.querySelector<HTMLElement>("[data-wishlist-status]");
  if (!box) return;
  box.textContent = message;
  box.classList.toggle("notice--error", error);
  box.classList.toggle("notice--success", !error && message !== "");
  box.classList.toggle("notice", message !== "");
}

/** A typed quantity as a positive whole number (spec 001). */
export function positive(value: string | undefined): number {
  return Math.max(1, Math.abs(Math.trunc(Number(value) || 1)));
}
