import { z } from "zod";
import { CartSummarySchema } from "~/features/cart/cart";

/**
 * A shopper's own parts of a page shared by every shopper (decision 062): her first name and account
 * kind, her cart's summary, her wishlist's count and variants, her current country. One small answer
 * after load, never cached by anyone (`Cache-Control: private, no-store`).
 */
export const ShopperSummarySchema = z.object({
  Customer: z
    .object({
      FirstName: z.string(),
      /** Business accounts see prices without VAT too and keep their own product references. */
      IsBusiness: z.boolean(),
      /** She has a birth list: product pages offer to add to it. */
      HasBirthLists: z.boolean(),
    })
    .nullable(),
  Cart: CartSummarySchema,
  Wishlist: z.object({ Count: z.number().int().min(0), VariantIds: z.array(z.number().int()) }),
  /** The country the prices include the VAT of. */
  Country: z.string(),
});
export type ShopperSummary = z.infer<typeof ShopperSummarySchema>;

/** Wished variants sent at most: the hearts of a page; a longer list is asked variant by variant. */
export const SUMMARY_MAX_WISHED = 500;
