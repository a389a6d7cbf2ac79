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
  /** The merchant's systems that want events (issue 35): each delivery signed with the webhook's secret. */
  merchant_webhooks: {
    id: Generated<number>;
    url: string;
    /** Comma-separated event types. */
    events: string;
    secret: string;
    created_by: string;
    created_at: string;
    disabled_at: string | null;
    /** Epoch ms until which one process sends this webhook's queue (0: free). */
    lease_until: number;
  };
  /** The queue and log of deliveries: written with the event's transaction, sent after it commits. */
  webhook_deliveries: {
    id: Generated<number>;
    webhook_id: number;
    event: string;
    event_key: string;
    payload: string;
    /** pending, delivered, failed */
    status: string;
    attempts: number;
    next_attempt_at: number;
    last_status: number | null;
    last_error: string | null;
    created_at: string;
    delivered_at: string | null;
  };
}
