import { createHash, randomBytes } from "node:crypto";
import { env } from "../config/env";
import { db } from "../db/client";
import { ApiError } from "../http/errors";
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
    store = REDIS_URL ? RedisSessionStore.fromUrl(REDIS_URL) : new DatabaseSessionStore(db);
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

export function sessionCookieOptions(): CookieOptions {
  return {
    httpOnly: true,
    sameSite: "Lax",
    secure: env().cookieSecure,
    path: "/",
    maxAge: env().SESSION_TTL_HOURS * 3600,
  };
}

const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The session named by the cookie; absent (anonymous, `unavailable`) when its store cannot answer now. */
export async function loadSession(cookieValue: string | undefined): Promise<Session> {
  if (cookieValue && ID_PATTERN.test(cookieValue)) {
    try {
      const record = await sessionStore().get(sessionKey(cookieValue));
      if (record) return { id: cookieValue, customerId: record.customerId, data: record.data };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 503) throw error;
      return { id: null, customerId: null, data: {}, unavailable: true };
    }
  }
  return { id: null, customerId: null, data: {} };
}

function newId(): string {
  return randomBytes(32).toString("base64url");
}

async function save(id: string, record: SessionRecord): Promise<void> {
  await sessionStore().set(sessionKey(id), record, env().SESSION_TTL_HOURS * 3600);
}

/** Makes sure the session exists (anonymous carts need one); returns the id to put in the cookie. */
export async function ensureSession(session: Session): Promise<string> {
  if (!session.id) {
    session.id = newId();
    await save(session.id, { customerId: session.customerId, data: session.data });
  }
  return session.id;
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

export async function endSession(session: Session): Promise<void> {
  if (session.id) await sessionStore().delete(sessionKey(session.id));
  session.id = null;
  session.customerId = null;
  session.data = {};
}
