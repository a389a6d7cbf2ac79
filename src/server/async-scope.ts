import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestContext } from "./http/request-context";

/**
 * The process's one `AsyncLocalStorage` (decision 074), for what deep code reads of the work it is part
 * of: the request being answered (src/server/http/request-context.ts) and the tag collections of the
 * page or memo being kept (src/server/page-cache/tags.ts). On Node 20 every storage set while a promise is
 * made is copied onto that promise, and a page's render makes thousands: one storage instead of one per
 * use keeps that to a single copy.
 */
export interface AsyncScope {
  readonly request?: RequestContext;
  /** The tag collections open around this work, innermost last. */
  readonly tags?: readonly Set<string>[];
}

const storage = new AsyncLocalStorage<AsyncScope>();

export function currentScope(): AsyncScope | undefined {
  return storage.getStore();
}

/** Runs `work` with `change` over the current scope (what it does not name stays as it is). */
export function withinScope<T>(change: AsyncScope, work: () => T): T {
  return storage.run({ ...storage.getStore(), ...change }, work);
}
