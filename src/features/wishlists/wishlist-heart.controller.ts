import { $variants } from "~/features/catalog/product/variant.store";
import { $wishlist, knowWished, openWishlist } from "./wishlists.store";

/**
 * A heart (add to wishlist): opens the wishlist modal instead of the dialog's page, follows $wishlist
 * (marked once the variant is in a list) and, on a product page, the variant the picker chose.
 */
export default function connect(link: HTMLElement): void {
  const productId = link.dataset.productId ?? "";
  const show = () => {
    const variantId = link.dataset.variantId ?? "";
    const known = $wishlist.get().wished[variantId];
    const wished = known ?? (link.dataset.serverVariant === variantId && link.dataset.wished === "true");
    link.classList.toggle("is-wished", wished);
    const label = link.querySelector<HTMLElement>("[data-heart-label]");
    if (label) label.textContent = wished ? (link.dataset.labelIn ?? "") : (link.dataset.labelAdd ?? "");
  };
  link.dataset.serverVariant = link.dataset.variantId ?? "";
  $wishlist.subscribe(show);
  $variants.subscribe((choices) => {
    const chosen = choices[productId]?.ProductVariantViewModel.ProductVariantId;
    if (chosen && String(chosen) !== link.dataset.variantId) {
      link.dataset.variantId = String(chosen);
      const url = new URL((link as HTMLAnchorElement).href);
      url.searchParams.set("productVariantId", String(chosen));
      (link as HTMLAnchorElement).href = url.href;
      show();
      void knowWished(chosen);
    }
  });
  link.addEventListener("click", (event) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    openWishlist(Number(link.dataset.variantId));
  });
}
