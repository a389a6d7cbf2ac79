import type { Executor } from "~/server/db/client";

/** Pages with their titles per culture, newest change first, for the editors' list. */
export function pageRows(ex: Executor) {
  return ex
    .selectFrom("content_pages as p")
    .leftJoin("content_page_translations as t", "t.page_id", "p.id")
    .select(["p.id", "p.key", "p.published", "p.updated_at", "t.culture", "t.title", "t.slug"])
    .orderBy("p.updated_at", "desc")
    .orderBy("p.id")
    .execute();
}

export function pageById(ex: Executor, id: number) {
  return ex.selectFrom("content_pages").selectAll().where("id", "=", id).executeTakeFirst();
}

export function pageTranslations(ex: Executor, pageId: number) {
  return ex.selectFrom("content_page_translations").selectAll().where("page_id", "=", pageId).execute();
}

export async function insertPage(ex: Executor, key: string, published: boolean, now: string): Promise<number> {
  const row = await ex
    .insertInto("content_pages")
    .values({ key, published: published ? 1 : 0, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePage(
  ex: Executor,
  id: number,
  change: { key?: string; published?: boolean; updated_at: string },
): Promise<void> {
  await ex
    .updateTable("content_pages")
    .set({
      ...(change.key !== undefined ? { key: change.key } : {}),
      ...(change.published !== undefined ? { published: change.published ? 1 : 0 } : {}),
      updated_at: change.updated_at,
    })
    .where("id", "=", id)
    .execute();
}

export async function replacePageTranslations(
  ex: Executor,
  pageId: number,
  rows: { culture: string; slug: string; title: string; body: string; seo_description: string }[],
): Promise<void> {
  await ex.deleteFrom("content_page_translations").where("page_id", "=", pageId).execute();
  if (rows.length)
    await ex
      .insertInto("content_page_translations")
      .values(rows.map((r) => ({ ...r, page_id: pageId })))
      .execute();
}

export async function deletePageRow(ex: Executor, id: number): Promise<number> {
  await ex.deleteFrom("content_page_translations").where("page_id", "=", id).execute();
  const result = await ex.deleteFrom("content_pages").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Another page that has this key, or one of these slugs in its culture. */
export function pageKeyOwner(ex: Executor, key: string, exceptId: number) {
  return ex
    .selectFrom("content_pages")
    .select("id")
    .where("key", "=", key)
    .where("id", "!=", exceptId)
    .executeTakeFirst();
}

export function pageSlugOwner(ex: Executor, culture: string, slug: string, exceptId: number) {
  return ex
    .selectFrom("content_page_translations")
    .select("page_id")
    .where("culture", "=", culture)
    .where("slug", "=", slug)
    .where("page_id", "!=", exceptId)
    .executeTakeFirst();
}

/** A published page in a culture, by its slug or by its key. */
export function publishedPage(ex: Executor, culture: string, by: { slug: string } | { key: string }) {
  let query = ex
    .selectFrom("content_pages as p")
    .innerJoin("content_page_translations as t", "t.page_id", "p.id")
    .select(["p.id", "p.key", "p.updated_at", "t.slug", "t.title", "t.body", "t.seo_description"])
    .where("p.published", "=", 1)
    .where("t.culture", "=", culture);
  query = "slug" in by ? query.where("t.slug", "=", by.slug) : query.where("p.key", "=", by.key);
  return query.executeTakeFirst();
}

/** Every published page's slug per culture (for hreflang and the sitemap). */
export function publishedPageSlugs(ex: Executor, pageId?: number) {
  let query = ex
    .selectFrom("content_pages as p")
    .innerJoin("content_page_translations as t", "t.page_id", "p.id")
    .select(["p.id", "p.key", "p.updated_at", "t.culture", "t.slug"])
    .where("p.published", "=", 1);
  if (pageId !== undefined) query = query.where("p.id", "=", pageId);
  return query.orderBy("p.id").execute();
}

export function settingValue(ex: Executor, key: string) {
  return ex.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
}

export async function putSetting(ex: Executor, key: string, value: string): Promise<void> {
  await ex
    .insertInto("settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}
