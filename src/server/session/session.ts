import { createHash, randomBytes } from "node:crypto";
import { env } from "../config/env";
import { db } from "../db/client";
import { ApiError } from "../http/errors";
import { rateLimiter, tooManyAttempts } from "../security/rate-limit";
import { registeredPersonalMemo } from "./memo-registry";
import { DatabaseSessionStore, RedisSessionStore, type SessionRecord, type SessionStore } from "./store";

export const SESSION_COOKIE = "vitrine_sid";

/** A request's session: loaded from the cookie, created only when something needs to be kept. */
export interface Session {
  /** The raw id as in the cookie; null until the session exists. */
  id: string | null;
  customerId: number | null;
  data: Record<string, unknown>;
  /** The cookie named a session the store could not be asked about (Redis away): treated as absent, kept. */
  unavailable?: boolean;
  /** The client's address, for the limit on new sessions. */
  clientAddress?: string;
  /** Its lifetime was just extended: the cookie must be sent again with the new one. */
  renewed?: boolean;
  /** When it will next be extended if used (epoch ms): what is kept for it holds until then at most. */
  renewsAt?: number;
}

export interface CookieOptions {
  httpOnly: true;
  sameSite: "Lax";
  secure: boolean;
  path: "/";
  maxAge: number;
}

let store: SessionStore | undefined;

export function sessionStore(): SessionStore {
  if (!store) {
    const { REDIS_URL } = env();
    store = REDIS_URL
      ? RedisSessionStore.fromUrl(REDIS_URL, `${env().REDIS_PREFIX}session:`)
      : new DatabaseSessionStore(db);
  }
  return store;
}

export function setSessionStore(next: SessionStore | undefined): void {
  store = next;
}

/** Ids are stored hashed: a copy of the store gives no one a usable session. */
export function sessionKey(id: string): string {
  return createHash("sha256").update(id).digest("base64url");
}

/**
 * A signed-in customer's session lasts SESSION_TTL_HOURS; a visitor's only ANONYMOUS_SESSION_TTL_HOURS,
 * renewed while used, so sessions a script opens and drops do not pile up for a month.
 */
export function sessionTtlSeconds(customerId: number | null): number {
  return (customerId === null ? env().ANONYMOUS_SESSION_TTL_HOURS : env().SESSION_TTL_HOURS) * 3600;
}

/** A session in use is extended at most once in this time (one write per visitor per hour, not per page). */
export const SESSION_RENEWAL_SECONDS = 3600;

export function sessionCookieOptions(session: Pick<Session, "customerId"> = { customerId: null }): CookieOptions {
  return {
    httpOnly: true,
    sameSite: "Lax",
    secure: env().cookieSecure,
    path: "/",
    maxAge: sessionTtlSeconds(session.customerId),
  };
}

const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The session named by the cookie; absent (anonymous, `unavailable`) when its store cannot answer now. */
export async function loadSession(cookieValue: string | undefined, clientAddress?: string): Promise<Session> {
  const anonymous: Session = { id: null, customerId: null, data: {}, ...(clientAddress ? { clientAddress } : {}) };
  if (cookieValue && ID_PATTERN.test(cookieValue)) {
    try {
      const record = await sessionStore().get(sessionKey(cookieValue));
      if (record) {
        const session: Session = { ...anonymous, id: cookieValue, customerId: record.customerId, data: record.data };
        const ttl = sessionTtlSeconds(record.customerId) * 1000;
        const renewal = SESSION_RENEWAL_SECONDS * 1000;
        if (record.expiresAt !== undefined && record.expiresAt - Date.now() < ttl - renewal) {
          await save(cookieValue, { customerId: record.customerId, data: record.data });
          session.renewed = true;
          session.renewsAt = Date.now() + renewal;
        } else if (record.expiresAt !== undefined) session.renewsAt = record.expiresAt - ttl + renewal;
        return session;
      }
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 503) throw error;
      return { ...anonymous, unavailable: true };
    }
  }
  return anonymous;
}

function newId(): string {
  return randomBytes(32).toString("base64url");
}

async function save(id: string, record: SessionRecord): Promise<void> {
  await sessionStore().set(sessionKey(id), record, sessionTtlSeconds(record.customerId));
}

/**
 * Makes sure the session exists (anonymous carts need one); returns the id to put in the cookie. One
 * address opens at most SESSIONS_PER_IP_PER_HOUR sessions (429 beyond), so a cookie-less script cannot
 * fill the store.
 */
export async function ensureSession(session: Session): Promise<string> {
  if (!session.id) {
    const wait = await rateLimiter().hit(`session:new:${session.clientAddress ?? "unknown"}`, {
      max: env().SESSIONS_PER_IP_PER_HOUR,
      windowSeconds: 3600,
    });
    if (wait > 0) throw tooManyAttempts(wait);
    session.id = newId();
    await save(session.id, { customerId: session.customerId, data: session.data });
  }
  return session.id;
}

/** Keeps values in the session (created if needed); `undefined` removes a key. */
export async function writeSessionData(session: Session, patch: Record<string, unknown>): Promise<void> {
  await ensureSession(session);
  const data = { ...session.data, ...patch };
  for (const [key, value] of Object.entries(patch)) if (value === undefined) delete data[key];
  session.data = data;
  await save(session.id as string, { customerId: session.customerId, data });
}

/**
 * Signs a customer in: a fresh session id (no fixation), the old one destroyed.
 * Returns the old id so callers can move what hung on it (the cart).
 */
export async function rotateSession(session: Session, customerId: number): Promise<{ previousId: string | null }> {
  const previousId = session.id;
  if (previousId) await sessionStore().delete(sessionKey(previousId));
  session.id = newId();
  session.customerId = customerId;
  await save(session.id, { customerId, data: session.data });
  return { previousId };
}

/** Ends every session of the customer but this one (a password changed or reset elsewhere signs out everywhere). */
export async function endOtherSessions(customerId: number, keep: Session | null): Promise<void> {
  await sessionStore().deleteForCustomer(customerId, keep?.id ? sessionKey(keep.id) : null);
  // Whoever asks (a reset link opened signed out): her summaries kept elsewhere end with the sessions.
  await registeredPersonalMemo()?.changed([], [customerId]);
}

export async function endSession(session: Session): Promise<void> {
  if (session.id) await sessionStore().delete(sessionKey(session.id));
  session.id = null;
  session.customerId = null;
  session.data = {};
}

/** Forgets expired sessions where the store keeps them until asked (the database; Redis expires its own). */
export async function sweepExpiredSessions(now = new Date()): Promise<number> {
  const current = sessionStore();
  return current instanceof DatabaseSessionStore ? current.deleteExpired(now) : 0;
}
