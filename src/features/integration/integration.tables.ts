import type { Generated } from "kysely";

/** The tables the integration feature owns (src/server/db/schema.ts assembles every feature's). */
export interface IntegrationTables {
  api_tokens: {
    id: Generated<number>;
    name: string;
    /** SHA-256 of the token (hex): the token itself is shown once, at its creation. */
    token_hash: string;
    /** Comma-separated scopes: catalog:read, catalog:write, orders:read, orders:write, customers:read. */
    scopes: string;
    created_by: string;
    created_at: string;
    last_used_at: string | null;
    revoked_at: string | null;
  };
  /** Every write through the integration API or the staff pages: who, when, what. */
  audit_log: {
    id: Generated<number>;
    actor: string;
    action: string;
    target: string;
    detail: string;
    at: string;
  };
}
