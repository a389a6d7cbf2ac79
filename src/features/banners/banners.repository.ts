import type { Executor } from "~/server/db/client";
import type { BannersTables } from "./banners.tables";

export function bannerRows(ex: Executor) {
  return ex.selectFrom("banners").selectAll().orderBy("updated_at", "desc").orderBy("id").execute();
}

export function bannerRow(ex: Executor, by: { id: number } | { key: string }) {
  const query = ex.selectFrom("banners").selectAll();
  return ("id" in by ? query.where("id", "=", by.id) : query.where("key", "=", by.key)).executeTakeFirst();
}

export function slideRows(ex: Executor, bannerId: number) {
  return ex.selectFrom("banner_slides").selectAll().where("banner_id", "=", bannerId).orderBy("position").execute();
}

export function slideTexts(ex: Executor, slideIds: readonly number[]) {
  if (slideIds.length === 0) return Promise.resolve([]);
  return ex
    .selectFrom("banner_slide_translations")
    .selectAll()
    .where("slide_id", "in", [...slideIds])
    .execute();
}

export type BannerRow = Omit<BannersTables["banners"], "id">;

export async function insertBanner(ex: Executor, row: BannerRow): Promise<number> {
  return (await ex.insertInto("banners").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

export async function updateBanner(ex: Executor, id: number, row: Partial<BannerRow>): Promise<void> {
  await ex.updateTable("banners").set(row).where("id", "=", id).execute();
}

export async function deleteSlides(ex: Executor, bannerId: number): Promise<void> {
  const ids = (await slideRows(ex, bannerId)).map((s) => s.id);
  if (ids.length) await ex.deleteFrom("banner_slide_translations").where("slide_id", "in", ids).execute();
  await ex.deleteFrom("banner_slides").where("banner_id", "=", bannerId).execute();
}

export async function insertSlide(
  ex: Executor,
  row: Omit<BannersTables["banner_slides"], "id">,
  texts: Omit<BannersTables["banner_slide_translations"], "slide_id">[],
): Promise<void> {
  const { id } = await ex.insertInto("banner_slides").values(row).returning("id").executeTakeFirstOrThrow();
  if (texts.length)
    await ex
      .insertInto("banner_slide_translations")
      .values(texts.map((t) => ({ ...t, slide_id: id })))
      .execute();
}

export async function deleteBannerRow(ex: Executor, id: number): Promise<number> {
  await deleteSlides(ex, id);
  return Number((await ex.deleteFrom("banners").where("id", "=", id).executeTakeFirst()).numDeletedRows);
}

export function keyOwner(ex: Executor, table: "banners" | "popups", key: string, exceptId: number) {
  return ex.selectFrom(table).select("id").where("key", "=", key).where("id", "!=", exceptId).executeTakeFirst();
}

export function popupRows(ex: Executor) {
  return ex.selectFrom("popups").selectAll().orderBy("updated_at", "desc").orderBy("id").execute();
}

export function popupRow(ex: Executor, by: { id: number } | { key: string }) {
  const query = ex.selectFrom("popups").selectAll();
  return ("id" in by ? query.where("id", "=", by.id) : query.where("key", "=", by.key)).executeTakeFirst();
}

export function popupTexts(ex: Executor, popupId: number) {
  return ex.selectFrom("popup_translations").selectAll().where("popup_id", "=", popupId).execute();
}

export type PopupRow = Omit<BannersTables["popups"], "id">;

export async function insertPopup(ex: Executor, row: PopupRow): Promise<number> {
  return (await ex.insertInto("popups").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

export async function updatePopup(ex: Executor, id: number, row: Partial<PopupRow>): Promise<void> {
  await ex.updateTable("popups").set(row).where("id", "=", id).execute();
}

export async function replacePopupTexts(
  ex: Executor,
  popupId: number,
  rows: { culture: string; title: string; body: string }[],
): Promise<void> {
  await ex.deleteFrom("popup_translations").where("popup_id", "=", popupId).execute();
  if (rows.length)
    await ex
      .insertInto("popup_translations")
      .values(rows.map((r) => ({ ...r, popup_id: popupId })))
      .execute();
}

export async function deletePopupRow(ex: Executor, id: number): Promise<number> {
  await ex.deleteFrom("popup_translations").where("popup_id", "=", id).execute();
  return Number((await ex.deleteFrom("popups").where("id", "=", id).executeTakeFirst()).numDeletedRows);
}

/** Every popup's body in every culture, with its key: what the cycle check follows. */
export function popupBodies(ex: Executor) {
  return ex
    .selectFrom("popups as p")
    .innerJoin("popup_translations as t", "t.popup_id", "p.id")
    .select(["p.id", "p.key", "t.culture", "t.body"])
    .execute();
}
