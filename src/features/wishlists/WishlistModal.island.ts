import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";

const ListChoiceSchema = z.object({ Id: z.number().int(), Name: z.string(), ItemsCount: z.number().int() });

export const wishlistModalIsland = defineIsland({
  name: "wishlist-modal",
  component: "WishlistModal",
  description:
    "The add-to-wishlist dialog: existing or new list, already-in-list note, then return-to-shopping or go-to-wishlist. Hydrated when a heart asks for it (wishlist:open); shares $wishlist with the hearts and the header's count.",
  props: z.object({
    /** Previews: shown open with these lists for this variant, no call made. */
    preview: z.object({ variantId: z.number().int(), lists: z.array(ListChoiceSchema) }).optional(),
  }),
  fixtures: {
    "two-lists": {
      preview: {
        variantId: 1,
        lists: [
          { Id: 1, Name: "Anniversaire", ItemsCount: 3 },
          { Id: 2, Name: "Noël", ItemsCount: 0 },
        ],
      },
    },
    "first-list": { preview: { variantId: 1, lists: [] } },
  },
});
