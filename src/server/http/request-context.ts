import { AsyncLocalStorage } from "node:async_hooks";
import type { Session } from "../session/session";

/**
 * The request being answered, for the few rules that depend on the shopper but are read deep inside
 * shared code (the country prices are shown for: decision 042). Set once per request by the page
 * middleware and the API; outside a request (seeds, sweeps, tests of pure rules) there is none.
 */
const storage = new AsyncLocalStorage<{ session: Session }>();

export function withRequestSession<T>(session: Session, run: () => T): T {
  return storage.run({ session }, run);
}

export function requestSession(): Session | undefined {
  return storage.getStore()?.session;
}
