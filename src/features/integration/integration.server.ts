import { createHash, randomBytes } from "node:crypto";
import { currentCustomer } from "~/features/customers/customers.server";
import { type Duty, mayDo } from "~/features/customers/roles";
import { env } from "~/server/config/env";
import { db, type Executor } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { rateLimiter, tooManyAttempts } from "~/server/security/rate-limit";
import type { Session } from "~/server/session/session";
import { type AdminActor, isScope, type Scope } from "./integration";
import {
  auditEntries,
  insertAudit,
  insertToken,
  revoke,
  tokenByHash,
  tokens,
  touchToken,
} from "./integration.repository";

/** Tokens are random (256 bits): a plain SHA-256 is enough to keep them out of a stolen database. */
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new token: its value is answered once and never stored. */
export async function createApiToken(name: string, scopes: Scope[], by: string) {
  const token = `vt_${randomBytes(32).toString("base64url")}`;
  const at = new Date().toISOString();
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      const id = await insertToken(trx, { name, hash: hashOf(token), scopes: [...new Set(scopes)].join(","), by, at });
      await insertAudit(trx, {
        actor: by,
        action: "token.create",
        target: `token:${id}`,
        detail: JSON.stringify({ name, scopes }),
        at,
      });
      return id;
    });
  return { id, token };
}

/** What a call to the integration API needs: its session and its request headers. */
export interface AdminCall {
  session: Session;
  requestHeader(name: string): string | undefined;
}

/**
 * Who may do `scope`: a bearer token that has it (401 an unknown or revoked token, 403 one without the
 * scope, 429 past API_TOKEN_REQUESTS_PER_MINUTE), or a signed-in staff member whose role has one of the
 * scope's duties (401 a guest, 403 a shopper or a role without them; 403 `TwoFactorRequired` an owner
 * who has not turned two-factor sign-in on). A staff member's writes must come from our own pages (their
 * cookie would be sent from any site); a token is never sent by a browser on its own.
 */
export async function adminActor(call: AdminCall, scope: Scope): Promise<AdminActor> {
  const authorization = call.requestHeader("authorization");
  if (authorization !== undefined) {
    const match = /^Bearer\s+(vt_[A-Za-z0-9_-]{20,100})\s*$/.exec(authorization);
    const row = match ? await tokenByHash(db(), hashOf(match[1] as string)) : undefined;
    if (!row) throw new ApiError("Unauthorized");
    // Every request of a token counts, refused ones too.
    const wait = await rateLimiter().hit(`api-token:${row.id}`, {
      max: env().API_TOKEN_REQUESTS_PER_MINUTE,
      windowSeconds: 60,
    });
    if (wait) throw tooManyAttempts(wait);
    if (!row.scopes.split(",").includes(scope)) throw new ApiError("Forbidden");
    const now = new Date();
    // Written at most once a minute: a busy integration is not one write per request.
    if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) > 60_000)
      await touchToken(db(), row.id, now.toISOString());
    return { kind: "token", id: row.id, label: `token:${row.name}#${row.id}` };
  }
  return staffMember(call, SCOPE_DUTIES[scope], scope.endsWith(":write"));
}

/** The staff duties a token's scope stands for (issue 72): the roles that have one may act for it. */
const SCOPE_DUTIES: Record<Scope, readonly Duty[]> = {
  "catalog:read": ["catalog", "stock"],
  "catalog:write": ["catalog"],
  "orders:read": ["orders"],
  "orders:write": ["orders"],
  "customers:read": ["customers"],
};

/** The signed-in staff member who has one of `duties` (their writes from our own pages only). */
async function staffMember(call: AdminCall, duties: readonly Duty[], write: boolean): Promise<AdminActor> {
  const customer = await currentCustomer(call.session);
  if (!customer) throw new ApiError("Unauthorized");
  if (!duties.some((duty) => mayDo(customer, duty))) throw new ApiError("Forbidden");
  if (customer.role === "owner" && !customer.twoFactor) throw new ApiError("TwoFactorRequired");
  if (write) {
    const origin = call.requestHeader("origin");
    if (!origin || !env().allowedOrigins.includes(origin)) throw new ApiError("CrossOrigin");
  }
  return { kind: "staff", id: customer.id, label: `staff:${customer.email}` };
}

/** A write, recorded with who made it (inside the write's own transaction when given one). */
export async function audit(
  actor: AdminActor | string,
  action: string,
  target: string,
  detail: unknown,
  ex: Executor = db(),
) {
  await insertAudit(ex, {
    actor: typeof actor === "string" ? actor : actor.label,
    action,
    target,
    detail: JSON.stringify(detail ?? null).slice(0, 4000),
    at: new Date().toISOString(),
  });
}

/**
 * A staff page's own call (a form posted to one of our pages): the page's middleware has checked the
 * post's Origin already, so the call carries our own.
 */
export function pageCall(session: Session): AdminCall {
  return { session, requestHeader: (name) => (name === "origin" ? env().allowedOrigins[0] : undefined) };
}

/**
 * A staff page's caller: for a token's scope (`adminActor`'s rules) or for one of the owner's duties in
 * person (`staffInPerson`).
 */
export function staffActor(call: AdminCall, need: Scope | Duty, write = false): Promise<AdminActor> {
  return isScope(need) ? adminActor(call, need) : staffInPerson(call, write, need);
}

/**
 * What only a staff member in person does, never a token: the shop's tokens, webhooks and audit log
 * (`settings`), staff accounts (`staff`): the owner's duties.
 */
export async function staffInPerson(call: AdminCall, write: boolean, duty: Duty = "settings"): Promise<AdminActor> {
  if (call.requestHeader("authorization") !== undefined) throw new ApiError("Forbidden");
  return staffMember(call, [duty], write);
}

export async function staffTokens(call: AdminCall) {
  await staffInPerson(call, false);
  return tokens(db());
}

export async function staffCreateToken(call: AdminCall, name: string, scopes: Scope[]) {
  const actor = await staffInPerson(call, true);
  return createApiToken(name, scopes, actor.label);
}

export async function staffRevokeToken(call: AdminCall, id: number) {
  const actor = await staffInPerson(call, true);
  const at = new Date().toISOString();
  const done = await db()
    .transaction()
    .execute(async (trx) => {
      if (!(await revoke(trx, id, at))) return false;
      await audit(actor, "token.revoke", `token:${id}`, null, trx);
      return true;
    });
  if (!done) throw new ApiError("NotFound");
}

export async function staffAudit(call: AdminCall) {
  await staffInPerson(call, false);
  return auditEntries(db(), 200);
}

/** The dashboard's count of webhook deliveries given up on (issue 72). */
export { failedDeliveries } from "./integration.repository";
