import { sql } from "kysely";
import type { Executor } from "~/server/db/client";

export function categoryRows(ex: Executor, culture: string) {
  return ex
    .selectFrom("news_categories as c")
    .leftJoin("news_category_translations as t", (j) =>
      j.onRef("t.category_id", "=", "c.id").on("t.culture", "=", culture),
    )
    .select(["c.id", "c.parent_id", "c.position", "t.name"])
    .orderBy("c.position")
    .orderBy("c.id")
    .execute();
}

export async function insertCategory(
  ex: Executor,
  parentId: number | null,
  names: { culture: string; name: string }[],
): Promise<number> {
  const row = await ex
    .insertInto("news_categories")
    .values({ parent_id: parentId, position: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  await ex
    .insertInto("news_category_translations")
    .values(names.map((n) => ({ ...n, category_id: row.id })))
    .execute();
  return row.id;
}

export function categoryExists(ex: Executor, id: number) {
  return ex.selectFrom("news_categories").select("id").where("id", "=", id).executeTakeFirst();
}

const dayOf = sql<string>`substr(n.published_at, 1, 10)`;

/** Published news of a culture (at or before `now`), newest first, optionally in categories and a day range. */
function published(ex: Executor, culture: string, now: string, categoryIds: readonly number[]) {
  let query = ex
    .selectFrom("news as n")
    .innerJoin("news_translations as t", (j) => j.onRef("t.news_id", "=", "n.id").on("t.culture", "=", culture))
    .where("n.published", "=", 1)
    .where("n.published_at", "<=", now);
  if (categoryIds.length) query = query.where("n.category_id", "in", [...categoryIds]);
  return query;
}

export function newsCards(
  ex: Executor,
  culture: string,
  now: string,
  filter: { categoryIds: readonly number[]; from?: string; to?: string; limit: number; offset: number },
) {
  let query = published(ex, culture, now, filter.categoryIds)
    .leftJoin("assets as a", "a.id", "n.image_asset_id")
    .select([
      "n.id",
      "n.category_id",
      "n.published_at",
      "n.author",
      "t.slug",
      "t.title",
      "t.summary",
      "a.guid as image_guid",
      "a.width as image_width",
      "a.height as image_height",
    ]);
  if (filter.from) query = query.where("n.published_at", ">=", filter.from);
  if (filter.to) query = query.where("n.published_at", "<", filter.to);
  return query
    .orderBy("n.published_at", "desc")
    .orderBy("n.id", "desc")
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

export async function newsCount(
  ex: Executor,
  culture: string,
  now: string,
  filter: { categoryIds: readonly number[]; from?: string; to?: string },
): Promise<number> {
  let query = published(ex, culture, now, filter.categoryIds).select(ex.fn.countAll<number>().as("n"));
  if (filter.from) query = query.where("n.published_at", ">=", filter.from);
  if (filter.to) query = query.where("n.published_at", "<", filter.to);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/** The days of a range that have news, with how many. */
export function newsDays(
  ex: Executor,
  culture: string,
  now: string,
  categoryIds: readonly number[],
  from: string,
  to: string,
) {
  return published(ex, culture, now, categoryIds)
    .select([dayOf.as("day"), ex.fn.countAll<number>().as("count")])
    .where("n.published_at", ">=", from)
    .where("n.published_at", "<", to)
    .groupBy(dayOf)
    .execute();
}

export function latestNewsAt(ex: Executor, culture: string, now: string, categoryIds: readonly number[]) {
  return published(ex, culture, now, categoryIds)
    .select(sql<string | null>`max(n.published_at)`.as("latest"))
    .executeTakeFirst();
}

export function newsArticle(ex: Executor, culture: string, now: string, slug: string) {
  return published(ex, culture, now, [])
    .leftJoin("assets as a", "a.id", "n.image_asset_id")
    .select([
      "n.id",
      "n.category_id",
      "n.published_at",
      "n.author",
      "t.slug",
      "t.title",
      "t.summary",
      "t.body",
      "a.guid as image_guid",
      "a.width as image_width",
      "a.height as image_height",
    ])
    .where("t.slug", "=", slug)
    .executeTakeFirst();
}

export function newsSlugs(ex: Executor, newsId?: number) {
  let query = ex
    .selectFrom("news as n")
    .innerJoin("news_translations as t", "t.news_id", "n.id")
    .select(["n.id", "n.updated_at", "t.culture", "t.slug"])
    .where("n.published", "=", 1);
  if (newsId !== undefined) query = query.where("n.id", "=", newsId);
  return query.orderBy("n.id").execute();
}

export function galleryAssetIds(ex: Executor, newsId: number) {
  return ex.selectFrom("news_gallery").select("asset_id").where("news_id", "=", newsId).orderBy("position").execute();
}

// Editors

export function newsRows(ex: Executor) {
  return ex
    .selectFrom("news as n")
    .leftJoin("news_translations as t", "t.news_id", "n.id")
    .select(["n.id", "n.published", "n.published_at", "n.updated_at", "t.culture", "t.title", "t.slug"])
    .orderBy("n.published_at", "desc")
    .orderBy("n.id", "desc")
    .execute();
}

export function newsById(ex: Executor, id: number) {
  return ex.selectFrom("news").selectAll().where("id", "=", id).executeTakeFirst();
}

export function newsTranslations(ex: Executor, id: number) {
  return ex.selectFrom("news_translations").selectAll().where("news_id", "=", id).execute();
}

export interface NewsRow {
  category_id: number;
  published_at: string;
  author: string;
  image_asset_id: number | null;
  published: number;
  updated_at: string;
}

export async function insertNews(ex: Executor, row: NewsRow): Promise<number> {
  const inserted = await ex
    .insertInto("news")
    .values({ ...row, created_at: row.updated_at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateNews(ex: Executor, id: number, row: Partial<NewsRow>): Promise<void> {
  await ex.updateTable("news").set(row).where("id", "=", id).execute();
}

export async function replaceNewsTexts(
  ex: Executor,
  id: number,
  rows: { culture: string; slug: string; title: string; summary: string; body: string }[],
  gallery: readonly number[],
): Promise<void> {
  await ex.deleteFrom("news_translations").where("news_id", "=", id).execute();
  if (rows.length)
    await ex
      .insertInto("news_translations")
      .values(rows.map((r) => ({ ...r, news_id: id })))
      .execute();
  await ex.deleteFrom("news_gallery").where("news_id", "=", id).execute();
  if (gallery.length)
    await ex
      .insertInto("news_gallery")
      .values(gallery.map((asset_id, position) => ({ news_id: id, asset_id, position })))
      .execute();
}

export async function deleteNewsRow(ex: Executor, id: number): Promise<number> {
  await ex.deleteFrom("news_gallery").where("news_id", "=", id).execute();
  await ex.deleteFrom("news_translations").where("news_id", "=", id).execute();
  return Number((await ex.deleteFrom("news").where("id", "=", id).executeTakeFirst()).numDeletedRows);
}

export function newsSlugOwner(ex: Executor, culture: string, slug: string, exceptId: number) {
  return ex
    .selectFrom("news_translations")
    .select("news_id")
    .where("culture", "=", culture)
    .where("slug", "=", slug)
    .where("news_id", "!=", exceptId)
    .executeTakeFirst();
}
