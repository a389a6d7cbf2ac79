import { currentScope, withinScope } from "../async-scope";
import type { Session } from "../session/session";

/**
 * The request being answered, for the few rules that depend on the shopper but are read deep inside
 * shared code (the country prices are shown for: decision 042). Set once per request by the page
 * middleware and the API; outside a request (seeds, sweeps, tests of pure rules) there is none.
 *
 * `session` is read through the holder each time: a page that is the same for every shopper (decision
 * 062) renders with an anonymous session put in its place.
 */
export interface RequestContext {
  readonly session: Session;
  /**
   * The country the prices are asked for: the address's `?country=` (a feed's link, checked against the
   * shop's countries), else the visitor's own cookie (`vitrine_country`); null without either.
   */
  readonly country: string | null;
}

export function withRequestContext<T>(context: RequestContext, run: () => T): T {
  return withinScope({ request: context }, run);
}

export function withRequestSession<T>(session: Session, run: () => T): T {
  return withinScope({ request: { session, country: null } }, run);
}

export function requestSession(): Session | undefined {
  return currentScope()?.request?.session;
}

/** The country of the visitor's cookie, when the request carried one. */
export function requestCountry(): string | null {
  return currentScope()?.request?.country ?? null;
}
