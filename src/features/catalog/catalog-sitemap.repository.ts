import { sql } from "kysely";
import type { Culture } from "~/lib/culture";
import type { Executor } from "~/server/db/client";

/** An address per culture, and when its data last changed (sitemaps). */
export interface Located {
  urls: Partial<Record<Culture, string>>;
  updated?: string;
}

const lastChange = sql<string>`coalesce(p.updated_at, p.created_at)`;

/** The products a shopper can open in a culture: active, translated, of a brand (as the product page reads). */
function reachable(ex: Executor, culture: Culture) {
  return ex
    .selectFrom("product_translations as t")
    .innerJoin("products as p", "p.id", "t.product_id")
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .where("t.culture", "=", culture)
    .where("p.is_active", "=", 1);
}

/** How many products a culture's sitemap lists, and when the latest of them changed. */
export async function productSitemapSize(ex: Executor, culture: Culture): Promise<{ count: number; updated?: string }> {
  const row = await reachable(ex, culture)
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max(lastChange).as("updated")])
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), updated: row?.updated ?? undefined };
}

/**
 * The products of a culture from the `offset`-th on, `limit` of them, in batches read by id (a 20,000
 * product file never sits in memory at once): each with its address in every culture it is translated to.
 */
export async function* productSitemapEntries(
  ex: Executor,
  culture: Culture,
  offset: number,
  limit: number,
  batch = 2000,
): AsyncGenerator<Located[]> {
  const first = await reachable(ex, culture).select("p.id").orderBy("p.id").limit(1).offset(offset).executeTakeFirst();
  if (!first) return;
  let after = first.id - 1;
  let left = limit;
  while (left > 0) {
    // By id from the products' primary key, then their addresses (the other way round, SQLite reads and
    // sorts a culture's every translation each batch).
    const rows = await ex
      .selectFrom("products as p")
      .innerJoin("brands as b", "b.id", "p.brand_id")
      .where("p.is_active", "=", 1)
      .where("p.id", ">", after)
      .select(["p.id", lastChange.as("updated")])
      .orderBy("p.id")
      .limit(batch)
      .execute();
    if (rows.length === 0) return;
    const from = rows[0]?.id as number;
    const to = rows[rows.length - 1]?.id as number;
    const slugs = await ex
      .selectFrom("product_translations")
      .select(["product_id", "culture", "slug"])
      .where("product_id", ">=", from)
      .where("product_id", "<=", to)
      .execute();
    const urls = new Map<number, Partial<Record<Culture, string>>>();
    for (const s of slugs) {
      const own = urls.get(s.product_id) ?? {};
      own[s.culture as Culture] = `/${s.culture}/p/${s.slug}`;
      urls.set(s.product_id, own);
    }
    const entries: Located[] = [];
    for (const r of rows) {
      const own = urls.get(r.id);
      if (!own?.[culture]) continue;
      if (entries.length === left) break;
      entries.push({ urls: own, updated: r.updated });
    }
    if (entries.length > 0) yield entries;
    after = to;
    left -= entries.length;
  }
}

/** Every category in every culture it is translated to. */
export async function categorySitemapEntries(ex: Executor): Promise<Located[]> {
  const rows = await ex
    .selectFrom("category_translations")
    .select(["category_id", "culture", "slug"])
    .orderBy("category_id")
    .execute();
  const byId = new Map<number, Located>();
  for (const r of rows) {
    const entry = byId.get(r.category_id) ?? { urls: {} };
    entry.urls[r.culture as Culture] = `/${r.culture}/c/${r.slug}`;
    byId.set(r.category_id, entry);
  }
  return [...byId.values()];
}

/** The brands that have a product a shopper can open: their page in every culture. */
export async function brandSitemapSlugs(ex: Executor): Promise<{ slug: string; updated?: string }[]> {
  const rows = await ex
    .selectFrom("brands as b")
    .innerJoin("products as p", "p.brand_id", "b.id")
    .where("p.is_active", "=", 1)
    .select((eb) => ["b.slug", eb.fn.max(lastChange).as("updated")])
    .groupBy("b.slug")
    .orderBy("b.slug")
    .execute();
  return rows.map((r) => ({ slug: r.slug, updated: r.updated ?? undefined }));
}
