import { createHash } from "node:crypto";
import type { DbHandle } from "~/server/db/client";

/**
 * The demo shop's integration token (README's demo table): every scope, to try the integration API at
 * once. Its value is published, so a public production start refuses a database that still accepts it
 * (src/server/db/ready.ts).
 */
export const DEMO_API_TOKEN = "vt_demo-integration-token-published-in-the-README";

export const demoTokenHash = () => createHash("sha256").update(DEMO_API_TOKEN).digest("hex");

export async function seedIntegration(handle: DbHandle, now: Date): Promise<void> {
  await handle.db
    .insertInto("api_tokens")
    .values({
      name: "demo",
      token_hash: demoTokenHash(),
      scopes: "catalog:read,catalog:write,orders:read,orders:write,customers:read",
      created_by: "seed",
      created_at: now.toISOString(),
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
}
