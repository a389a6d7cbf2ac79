import { $variants } from "~/features/catalog/product/variant.store";

/** "Add to my birth list" on a product page follows the variant the picker chose. */
export default function connect(link: HTMLElement): void {
  const productId = link.dataset.productId ?? "";
  $variants.subscribe((choices) => {
    const chosen = choices[productId]?.ProductVariantViewModel.ProductVariantId;
    if (!chosen) return;
    const url = new URL((link as HTMLAnchorElement).href);
    url.searchParams.set("productVariantId", String(chosen));
    (link as HTMLAnchorElement).href = url.href;
  });
}
