import { z } from "zod";

/** Wishlists (spec 001 sections 1–8): the API's bodies, as the spec names their fields. */
const id = z.coerce.number().int().min(1).max(2_147_483_647);
export const WISHLIST_NAME_MAX = 80;
export const WISHLIST_DESCRIPTION_MAX = 1000;

export const AddToWishlistSchema = z.object({
  ProductVariantId: id,
  Quantity: z.coerce.number().int().min(1).max(10_000).default(1),
  /** An existing list; absent: a new list named `Name` (the dialog's existing-or-new toggle). */
  WishlistId: id.optional(),
  Name: z.string().trim().min(1).max(WISHLIST_NAME_MAX).optional(),
});
export const IdSchema = z.object({ Id: id });
export const UpdateQuantitySchema = z.object({ Id: id, Quantity: z.coerce.number().int().min(-10_000).max(10_000) });
export const UpdateNameSchema = z.object({ Id: id, Name: z.string().trim().min(1).max(WISHLIST_NAME_MAX) });
export const UpdateDescriptionSchema = z.object({
  Id: id,
  Description: z.string().trim().max(WISHLIST_DESCRIPTION_MAX),
});
export const VariantListParams = z.object({ productVariantId: id, listId: id });
export const VariantParams = z.object({ productVariantId: id });
export const IsInListQuery = z.object({ productVariantId: id, listId: id.optional() });

/** Order all (spec 001): the list and the lines to add, with the quantities the page shows. */
export const AddWishlistToCartSchema = z.object({
  WishlistId: id,
  Items: z
    .array(z.object({ variantId: id, qty: z.coerce.number().int().min(1).max(100_000) }))
    .max(500)
    .default([]),
});
