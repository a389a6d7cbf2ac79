import { lacksCatalogueExtras, seedCatalogueExtras } from "~/features/catalog/catalogue-extras.seed";
import { lacksCheckoutData, seedCheckout } from "~/features/checkout/checkout.seed";
import { env } from "../config/env";
import { database, migrateToLatest } from "./client";
import { isSeeded, seedDemoShop } from "./seed/seed";

let ready: Promise<void> | undefined;

/**
 * Migrates the database and, when it holds no shop yet, seeds the demo shop: a newcomer's first
 * start needs no manual database step. Runs once per process.
 */
export function ensureDatabaseReady(log: (line: string) => void = () => {}): Promise<void> {
  ready ??= (async () => {
    const handle = database();
    const applied = await migrateToLatest(handle);
    if (applied.length) log(`migrated: ${applied.join(", ")}`);
    if (!(await isSeeded(handle))) {
      const { SEED_PRODUCTS, SEED } = env();
      log(`seeding the demo shop (${SEED_PRODUCTS} products, seed ${SEED})...`);
      await seedDemoShop(handle, { products: SEED_PRODUCTS, seed: SEED, log });
    } else if (await lacksCatalogueExtras(handle)) {
      log("adding tags, related products, 360 views and references to the demo shop...");
      await seedCatalogueExtras(handle, env().SEED, new Date());
    }
    if (await lacksCheckoutData(handle)) {
      log("adding shipping methods, postal codes, pickup points and coupons to the demo shop...");
      await seedCheckout(handle, new Date());
    }
  })();
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}
