import type { Executor } from "~/server/db/client";

export async function insertToken(
  ex: Executor,
  token: { name: string; hash: string; scopes: string; by: string; at: string },
): Promise<number> {
  const row = await ex
    .insertInto("api_tokens")
    .values({
      name: token.name,
      token_hash: token.hash,
      scopes: token.scopes,
      created_by: token.by,
      created_at: token.at,
      last_used_at: null,
      revoked_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function tokenByHash(ex: Executor, hash: string) {
  return ex
    .selectFrom("api_tokens")
    .selectAll()
    .where("token_hash", "=", hash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

export async function touchToken(ex: Executor, id: number, at: string): Promise<void> {
  await ex.updateTable("api_tokens").set({ last_used_at: at }).where("id", "=", id).execute();
}

export function tokens(ex: Executor) {
  return ex
    .selectFrom("api_tokens")
    .select(["id", "name", "scopes", "created_by", "created_at", "last_used_at", "revoked_at"])
    .orderBy("id", "desc")
    .execute();
}

export async function revoke(ex: Executor, id: number, at: string): Promise<boolean> {
  const result = await ex
    .updateTable("api_tokens")
    .set({ revoked_at: at })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertAudit(
  ex: Executor,
  entry: { actor: string; action: string; target: string; detail: string; at: string },
): Promise<void> {
  await ex.insertInto("audit_log").values(entry).execute();
}

export function auditEntries(ex: Executor, limit: number) {
  return ex.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(limit).execute();
}

/** Deliveries the merchant's webhooks gave up on (failed, replayable), on webhooks still on (the dashboard, issue 72). */
export async function failedDeliveries(ex: Executor): Promise<number> {
  const row = await ex
    .selectFrom("webhook_deliveries as d")
    .innerJoin("merchant_webhooks as w", "w.id", "d.webhook_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("d.status", "=", "failed")
    .where("w.disabled_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
