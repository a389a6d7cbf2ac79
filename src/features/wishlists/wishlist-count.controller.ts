import { $wishlist } from "./wishlists.store";

/** The header's wishlist count follows $wishlist once something changed it. */
export default function connect(link: HTMLElement): void {
  const badge = link.querySelector<HTMLElement>("[data-wishlist-count]");
  const label = link.querySelector<HTMLElement>("[data-wishlist-count-label]");
  $wishlist.subscribe(({ count }) => {
    if (count === null) return;
    if (badge) badge.textContent = String(count);
    if (label) label.textContent = (link.dataset.countLabel ?? "").replace("{count}", String(count));
  });
}
