import { sweeperRun } from "~/server/background";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { sessionStore, sweepExpiredSessions } from "~/server/session/session";
import { deleteCarts, idleVisitorCarts } from "./cart.repository";

/** At most this many idle carts are looked at per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/**
 * Forgets what visitors left behind: sessions past their end, and the carts of visitors whose session
 * is gone (a cart idle for a visitor's session lifetime whose session no longer exists). A customer's
 * cart is never swept. Answers how many carts were deleted.
 */
export async function sweepAbandonedCarts(now = new Date()): Promise<number> {
  await sweepExpiredSessions(now);
  const before = new Date(now.getTime() - env().ANONYMOUS_SESSION_TTL_HOURS * 3600_000).toISOString();
  const idle = await idleVisitorCarts(db(), before, SWEEP_BATCH);
  const gone: number[] = [];
  for (const cart of idle) {
    if (!cart.session_id || !(await sessionStore().get(cart.session_id))) gone.push(cart.id);
  }
  await deleteCarts(db(), gone);
  return gone.length;
}

/** Sweeps every ten minutes, in one process at a time across all of them (src/server/background.ts). */
export function startCartSweeper(): () => void {
  const running = globalThis as { vitrineCartSweeper?: () => void };
  if (running.vitrineCartSweeper) return running.vitrineCartSweeper;
  const sweep = () => sweeperRun("carts", sweepAbandonedCarts, 10 * 60_000);
  void sweep();
  const timer = setInterval(sweep, 10 * 60_000);
  timer.unref();
  running.vitrineCartSweeper = () => {
    clearInterval(timer);
    running.vitrineCartSweeper = undefined;
  };
  return running.vitrineCartSweeper;
}
