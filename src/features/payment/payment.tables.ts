import type { Generated } from "kysely";

/** The tables the payment feature owns (src/server/db/schema.ts assembles every feature's). */
export interface PaymentTables {
  payments: {
    id: string;
    order_id: number;
    provider: string;
    amount: number;
    status: string;
    psp_reference: string | null;
    event_date: string | null;
    created_at: string;
    updated_at: string;
    /** card | bancontact | ideal */
    method: Generated<string>;
    /** What the provider took (cents). */
    captured: Generated<number>;
    /** What refunds asked for and did not fail (cents): never more than captured. */
    refunded: Generated<number>;
    /** The provider's answer when it was started (a PaymentStart as JSON): the page resumes it (028). */
    start: string | null;
  };
  payment_events: {
    id: Generated<number>;
    payment_id: string;
    event_code: string;
    psp_reference: string;
    success: number;
    event_date: string;
    received_at: string;
  };
  payment_refunds: {
    /** Our reference of the refund (the provider's `reference`). */
    id: string;
    payment_id: string;
    amount: number;
    /** Pending, Refunded, Failed */
    status: string;
    idempotency_key: string;
    provider_ref: string | null;
    refund_request_id: number | null;
    created_at: string;
    updated_at: string;
  };
  /** Every provider notification as received, processed after it was acknowledged. */
  payment_notifications: {
    id: Generated<number>;
    provider: string;
    payload: string;
    received_at: string;
    processed_at: string | null;
    attempts: Generated<number>;
    last_error: string | null;
  };
}
