import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";
import { isSitePath } from "~/lib/url";

export const variationPickerIsland = defineIsland({
  name: "variation-picker",
  component: "VariationPicker",
  description:
    "Buy box of one product: price, variation controls (swatches or selects), quantity and add to cart. Server HTML is a GET form for the choice and a POST form for the cart; hydrates on first interaction and then refreshes through the variant API.",
  props: z.object({
    productId: z.number().int().min(1),
    /** Where the no-JavaScript forms return; the current page when absent. */
    returnUrl: z.string().max(500).refine(isSitePath, { message: "a path of this site" }).optional(),
  }),
  fixtures: {
    "first-product": { productId: 1 },
    "colours-and-sizes": { productId: 3 },
  },
});
