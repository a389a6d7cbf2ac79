import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";
import { CartSummarySchema } from "./cart";

export const miniCartIsland = defineIsland({
  name: "mini-cart",
  component: "MiniCart",
  description:
    "Cart link with the item count and total, rendered by the server from the shopper's cart; follows $cart and cart:changed events once hydrated.",
  props: z.object({
    /** A fixed summary (previews); the shopper's own cart when absent. */
    summary: CartSummarySchema.optional(),
    showTotal: z.boolean().default(true),
  }),
  fixtures: {
    empty: { summary: { ItemsCount: 0, AmountTaxInclHtml: "0,00 €", AmountTaxExclHtml: "0,00 €" } },
    "three-items": { summary: { ItemsCount: 3, AmountTaxInclHtml: "89,37 €", AmountTaxExclHtml: "73,86 €" } },
    "count-only": {
      summary: { ItemsCount: 12, AmountTaxInclHtml: "420,00 €", AmountTaxExclHtml: "347,11 €" },
      showTotal: false,
    },
  },
});
