import type { Generated } from "kysely";

/** The tables the refunds feature owns (src/server/db/schema.ts assembles every feature's). */
export interface RefundsTables {
  refund_requests: {
    id: Generated<number>;
    order_id: number;
    customer_id: number;
    /** Requested, Accepted (staff pay it themselves), Refunding (the provider's word awaited), Refunded, RefundFailed, Refused. */
    status: string;
    /** Original (the way it was paid), BankTransfer, Prepaid. */
    method: string;
    iban: string | null;
    account_holder: string | null;
    reason: string | null;
    items: number;
    amount: number;
    created_at: string;
    approved_amount: Generated<number | null>;
    refused_reason: Generated<string | null>;
    decided_by: Generated<number | null>;
    decided_at: Generated<string | null>;
  };
  refund_request_lines: { request_id: number; order_line_id: number; quantity: number; amount: number };
}
