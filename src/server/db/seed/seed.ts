import { sql } from "kysely";
import { seedBirthLists } from "~/features/birthlists/birthlists.seed";
import { seedCatalog } from "~/features/catalog/catalog.seed";
import { seedCatalogueExtras } from "~/features/catalog/catalogue-extras.seed";
import { seedCheckout, seedPostalCodes } from "~/features/checkout/checkout.seed";
import { seedContent } from "~/features/content/content.seed";
import { seedCustomers } from "~/features/customers/customers.seed";
import { seedIntegration } from "~/features/integration/integration.seed";
import { seedNews } from "~/features/news/news.seed";
import { seedPrepaid } from "~/features/prepaid/prepaid.seed";
import { seedPricing } from "~/features/pricing/pricing.seed";
import { seedAfterSale } from "~/features/refunds/after-sale.seed";
import { seedWishlists } from "~/features/wishlists/wishlists.seed";
import type { DbHandle } from "../client";
import { Random } from "./random";
import type { SeedContext, SeedOptions } from "./seeder";

export type { SeedOptions } from "./seeder";

export async function isSeeded(handle: DbHandle): Promise<boolean> {
  const row = await handle.db.selectFrom("products").select(handle.db.fn.countAll<number>().as("n")).executeTakeFirst();
  return Number(row?.n ?? 0) > 0;
}

/** Whether the countries, VAT rates and postal codes every shop needs are there. */
export async function hasReferenceData(handle: DbHandle): Promise<boolean> {
  const row = await handle.db
    .selectFrom("countries")
    .select(handle.db.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0) > 0;
}

/**
 * What every shop starts with, a production shop included: the countries it may ship to with their
 * VAT rates, and the postal codes the address forms complete. No product, customer, coupon or content.
 */
export async function seedReferenceData(handle: DbHandle): Promise<void> {
  await seedPricing(handle);
  await seedPostalCodes(handle);
}

/**
 * Fills an empty, migrated database with the demo shop: each domain's seeder in turn (the order keeps
 * the random numbers, so the same seed number gives the same shop). The reference data comes first
 * when it is not there yet.
 */
export async function seedDemoShop(handle: DbHandle, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date(Date.UTC(2026, 0, 15));
  const ctx: SeedContext = {
    handle,
    rnd: new Random(options.seed),
    now,
    options,
    log: options.log ?? (() => {}),
    started: Date.now(),
  };
  if (!(await hasReferenceData(handle))) await seedReferenceData(handle);
  await seedCatalog(ctx);
  await seedCustomers(ctx);
  await seedCatalogueExtras(handle, options.seed, now);
  await seedCheckout(handle, now);
  await seedPrepaid(ctx);
  await seedAfterSale(ctx);
  await seedIntegration(handle, now);
  await seedWishlists(ctx);
  await seedBirthLists(ctx);
  await seedNews(ctx);
  await seedContent(ctx);

  if (handle.dialect === "postgres") {
    // Seeded rows carry explicit ids; move serial sequences past them.
    for (const table of [
      "price_history",
      "customers",
      "carts",
      "cart_lines",
      "asset_folders",
      "assets",
      "content_pages",
      "news_categories",
      "news",
      "banners",
      "banner_slides",
      "popups",
    ]) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
        handle.db,
      );
    }
  }
  ctx.log(`seeded ${options.products} products in ${Date.now() - ctx.started} ms`);
}
