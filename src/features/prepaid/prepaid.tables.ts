import type { Generated } from "kysely";

/** The tables the prepaid feature owns (src/server/db/schema.ts assembles every feature's). */
export interface PrepaidTables {
  prepaid_accounts: {
    id: Generated<number>;
    customer_id: number;
    name: string;
    balance: number;
    notify_usage: number;
    low_balance_threshold: number;
    created_at: string;
  };
  prepaid_movements: {
    id: Generated<number>;
    account_id: number;
    amount: number;
    /** TopUp (credited on payment), Payment (debited by an order), Release (an unpaid order's debit given back). */
    kind: string;
    order_id: number | null;
    balance_after: number;
    label: string | null;
    created_at: string;
  };
}
