import type { Generated } from "kysely";

/** The tables the account feature owns (src/server/db/schema.ts assembles every feature's). */
export interface AccountTables {
  account_tokens: {
    id: Generated<number>;
    customer_id: number;
    /** "verify" (the address) or "reset" (the password). */
    purpose: string;
    token_hash: string;
    expires_at: string;
    used_at: string | null;
    created_at: string;
  };
  addresses: {
    id: Generated<number>;
    customer_id: number;
    address_type: string;
    first_name: string;
    last_name: string;
    company: string | null;
    street1: string;
    street2: string | null;
    postal_code: string;
    city: string;
    country_id: number;
    phone: string | null;
    created_at: string;
  };
}
