import type { Generated } from "kysely";

/** The tables the wishlists feature owns (src/server/db/schema.ts assembles every feature's). */
export interface WishlistsTables {
  wishlists: { id: Generated<number>; customer_id: number; name: string; description: string; created_at: string };
  wishlist_items: {
    id: Generated<number>;
    wishlist_id: number;
    variant_id: number;
    quantity: number;
    created_at: string;
  };
}
