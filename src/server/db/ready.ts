import { availableParallelism } from "node:os";
import { sql } from "kysely";
import { ensureAssetRoot } from "~/features/assets/assets.server";
import { lacksCatalogueExtras, seedCatalogueExtras } from "~/features/catalog/catalogue-extras.seed";
import { lacksCheckoutData, seedCheckout } from "~/features/checkout/checkout.seed";
import { lacksLegalPages, seedLegalPages, unpublishedLegalPages } from "~/features/content/legal-pages.seed";
import { demoTokenHash } from "~/features/integration/integration.seed";
import { countriesWithoutShipping } from "~/features/pricing/pricing.server";
import { loadShopSettings } from "~/server/config/shop-settings";
import { EnvError, env } from "../config/env";
import { log as processLog } from "../observability/log";
import { verifyPassword } from "../security/password";
import { type DbHandle, database, migrateToLatest } from "./client";
import { DEMO_CUSTOMERS } from "./seed/catalog-data";
import { hasReferenceData, isSeeded, seedDemoShop, seedReferenceData } from "./seed/seed";

let ready: Promise<void> | undefined;

/** Where the database step says what it did; `warn` for what the operator must still do. */
export type ReadyLog = (line: string, level?: "info" | "warn") => void;

/** The step's lines as the process's log lines, at their level (the server and the page middleware). */
export const logToProcess: ReadyLog = (line, level = "info") => processLog()[level](line);

/** The advisory lock the processes starting together take to seed one at a time (PostgreSQL). */
const SEED_LOCK = 7_301_002;

/**
 * Migrates the database, then (one process at a time, in one transaction) gives an empty database
 * what every shop starts with (countries, VAT rates, postal codes) and, when DEMO_SHOP is on, the demo
 * shop: a newcomer's first start needs no manual database step, and a production start on a public
 * site gets an empty shop. There, an account that still has a demo password stops the start. Runs once
 * per process.
 */
export function ensureDatabaseReady(log: ReadyLog = () => {}): Promise<void> {
  ready ??= (async () => {
    const handle = database();
    const applied = await migrateToLatest(handle);
    if (applied.length) log(`migrated: ${applied.join(", ")}`);
    await seedOnce(handle, log);
    // The owner's settings over the environment's, before anything reads them.
    await loadShopSettings(handle.db);
    if (env().isProduction && env().publicSite) {
      await refuseDemoPasswords(handle);
      const drafts = await unpublishedLegalPages(handle);
      // The shop can sell without them, but its checkout's terms link has nothing to show (issue 36).
      if (drafts.length)
        log(
          `the legal pages ${drafts.join(", ")} are not published (or still hold the template's placeholders): complete and publish them (docs/merchant.md)`,
          "warn",
        );
      // A checkout takes no order in a country without a shipping method, and a real shop starts with none.
      const unshipped = await countriesWithoutShipping(handle.db);
      if (unshipped.length)
        log(
          `no shipping method has a price in ${unshipped.join(", ")}: checkouts there take no order; add one (docs/merchant.md, Shipping)`,
          "warn",
        );
    }
  })();
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}

/** Seeds what is missing, under a lock: N processes on one empty database seed it once. */
async function seedOnce(handle: DbHandle, log: (line: string) => void): Promise<void> {
  const { demoShop, SEED_PRODUCTS, SEED } = env();
  await withSeedLock(handle, async (locked) => {
    if (!(await hasReferenceData(locked))) {
      log("adding countries, VAT rates and postal codes...");
      await seedReferenceData(locked);
    }
    await ensureLegalPages(locked, demoShop, log);
    if (!demoShop) {
      if (await ensureAssetRoot(locked.db)) log("adding the asset library's folders...");
      return;
    }
    if (!(await isSeeded(locked))) {
      log(`seeding the demo shop (${SEED_PRODUCTS} products, seed ${SEED})...`);
      await seedDemoShop(locked, { products: SEED_PRODUCTS, seed: SEED, log });
      return;
    }
    if (await lacksCatalogueExtras(locked)) {
      log("adding tags, related products, 360 views and references to the demo shop...");
      await seedCatalogueExtras(locked, SEED, new Date());
    }
    if (await lacksCheckoutData(locked)) {
      log("adding shipping methods, pickup points and coupons to the demo shop...");
      await seedCheckout(locked, new Date());
    }
  });
}

/**
 * The legal pages (issue 36): a production shop gets them as drafts to complete and publish, a demo shop
 * published. The demo's own seeding writes them with the rest; this adds them to a shop made before.
 */
async function ensureLegalPages(handle: DbHandle, demoShop: boolean, log: (line: string) => void): Promise<void> {
  if (demoShop && !(await isSeeded(handle))) return;
  if (!(await lacksLegalPages(handle))) return;
  log(demoShop ? "adding the legal pages..." : "adding the legal pages as drafts to complete and publish...");
  await seedLegalPages(handle, { published: demoShop, now: new Date(), returnDays: env().RETURN_DAYS });
}

/**
 * One transaction that only one process at a time runs: PostgreSQL's transaction-scoped advisory lock;
 * SQLite's write lock, taken at the start (BEGIN IMMEDIATE) so that a second process waits, then sees
 * what the first wrote.
 */
async function withSeedLock(handle: DbHandle, run: (locked: DbHandle) => Promise<void>): Promise<void> {
  if (handle.dialect === "postgres") {
    await handle.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
      await run({ db: trx, dialect: "postgres" });
    });
    return;
  }
  await handle.db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      await run({ db: connection, dialect: "sqlite" });
      await sql`commit`.execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/**
 * The demo accounts' passwords are in the README: on a public production site, an account (a demo
 * address, or any staff or editor account) that still has one stops the start.
 */
export async function refuseDemoPasswords(handle: DbHandle): Promise<void> {
  const demoEmails = DEMO_CUSTOMERS.map((c) => c.email);
  const passwords = [...new Set(DEMO_CUSTOMERS.map((c) => c.password))];
  const accounts = await handle.db
    .selectFrom("customers")
    .select(["email", "password_hash"])
    .where((eb) => eb.or([eb("email", "in", demoEmails), eb("role", "!=", "customer")]))
    .limit(200)
    .execute();
  // Each account against each demo password, as many at once as there are cores: scrypt runs on libuv's
  // threads (one at a time, six passwords for a few staff accounts took seconds of each start), and each
  // check of a real hash holds 128 MB while it runs.
  const checks = accounts.flatMap((account, index) =>
    account.password_hash
      ? passwords.map((password) => ({ index, password, hash: account.password_hash as string }))
      : [],
  );
  const demo = new Set<number>();
  const worker = async () => {
    for (let check = checks.shift(); check; check = checks.shift())
      if (await verifyPassword(check.password, check.hash)) demo.add(check.index);
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), 4) }, worker));
  const account = accounts.find((_, i) => demo.has(i));
  if (account)
    throw new EnvError(
      `${account.email} has a demo password: change it (npm run admin -- reset-password --email ${account.email}) or delete the account before a production start`,
    );
  // The demo's integration token is published too.
  const demoToken = await handle.db
    .selectFrom("api_tokens")
    .select("id")
    .where("token_hash", "=", demoTokenHash())
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (demoToken)
    throw new EnvError(
      `the demo integration token (api_tokens ${demoToken.id}) is still valid: revoke it (staff: DELETE /api/v1/admin/tokens/${demoToken.id}) before a production start`,
    );
}
