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
}
