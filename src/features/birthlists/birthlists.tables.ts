import type { Generated } from "kysely";

/** The tables the birthlists feature owns (src/server/db/schema.ts assembles every feature's). */
export interface BirthlistsTables {
  birth_lists: {
    id: Generated<number>;
    customer_id: number;
    name: string;
    description: string;
    /** The parents' names, as visitors search for them. */
    parents: string;
    /** YYYY-MM-DD, or null when not told. */
    due_date: string | null;
    message: string;
    created_at: string;
    /** Set when its owner deleted it after gifts were paid: kept for those orders, shown to nobody. */
    archived_at: Generated<string | null>;
  };
  birth_list_items: {
    id: Generated<number>;
    birth_list_id: number;
    variant_id: number;
    /** Wanted. */
    quantity: number;
    /** Given by paid orders, never above `quantity` (the surplus is on the gift). */
    given_quantity: Generated<number>;
    is_priority: Generated<number>;
    created_at: string;
    /** Set when its owner removed it after gifts were ordered for it: kept for those orders, shown to nobody. */
    removed_at: Generated<string | null>;
  };
  birth_list_gifts: {
    id: Generated<number>;
    item_id: number;
    order_line_id: number | null;
    giver_name: string;
    quantity: number;
    over_quantity: number;
    created_at: string;
  };
}
