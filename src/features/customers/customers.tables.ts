import type { Generated } from "kysely";

/** The tables the customers feature owns (src/server/db/schema.ts assembles every feature's). */
export interface CustomersTables {
  customers: {
    id: Generated<number>;
    email: string;
    password_hash: string;
    first_name: string;
    last_name: string;
    culture: string;
    is_business: number;
    company_name: string | null;
    vat_number: string | null;
    role: string;
    created_at: string;
    email_verified_at: string | null;
    totp_secret: string | null;
    totp_enabled_at: string | null;
    totp_last_step: number | null;
    default_billing_address_id: number | null;
    default_shipping_address_id: number | null;
    security_stamp: Generated<number>;
    /** When the account was closed (issue 36): its personal data erased, the row kept for its orders. */
    closed_at: Generated<string | null>;
    /** What staff note about the customer (issue 72): never shown to her, in her data export. */
    staff_note: Generated<string | null>;
  };
  recovery_codes: { id: Generated<number>; customer_id: number; code_hash: string; used_at: string | null };
}
