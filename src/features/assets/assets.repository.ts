import type { Insertable } from "kysely";
import type { Executor } from "~/server/db/client";
import type { Database } from "~/server/db/schema";

export type FolderRow = { id: number; parent_id: number | null; name: string; item_level: number };

/** Every folder: the library has tens of them, so the tree is built in memory. */
export function allFolders(ex: Executor): Promise<FolderRow[]> {
  return ex.selectFrom("asset_folders").select(["id", "parent_id", "name", "item_level"]).orderBy("name").execute();
}

export async function insertFolder(
  ex: Executor,
  parentId: number | null,
  name: string,
  level: number,
): Promise<number> {
  const row = await ex
    .insertInto("asset_folders")
    .values({ parent_id: parentId, name, item_level: level })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateFolder(
  ex: Executor,
  id: number,
  change: Partial<{ name: string; parent_id: number; item_level: number }>,
): Promise<void> {
  await ex.updateTable("asset_folders").set(change).where("id", "=", id).execute();
}

export async function deleteFolderRow(ex: Executor, id: number): Promise<void> {
  await ex.deleteFrom("asset_folders").where("id", "=", id).execute();
}

export async function assetCount(ex: Executor, folderId: number): Promise<number> {
  const row = await ex
    .selectFrom("assets")
    .select(ex.fn.countAll<number>().as("n"))
    .where("folder_id", "=", folderId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const ASSET_COLUMNS = [
  "id",
  "guid",
  "folder_id",
  "name",
  "original_file_name",
  "mime_type",
  "width",
  "height",
  "size",
  "storage_key",
  "created_at",
] as const;

/** A folder's files, newest first: all of them, or one page (`limit` from `offset`). */
export function assetsInFolder(ex: Executor, folderId: number, page?: { limit: number; offset: number }) {
  let query = ex
    .selectFrom("assets")
    .select(ASSET_COLUMNS)
    .where("folder_id", "=", folderId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}

export async function countAssetsInFolder(ex: Executor, folderId: number): Promise<number> {
  const row = await ex
    .selectFrom("assets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("folder_id", "=", folderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function assetById(ex: Executor, id: number) {
  return ex.selectFrom("assets").select(ASSET_COLUMNS).where("id", "=", id).executeTakeFirst();
}

export async function insertAsset(ex: Executor, row: Insertable<Database["assets"]>): Promise<number> {
  return (await ex.insertInto("assets").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

/** How many catalogue rows show an asset: such an asset is not deleted. */
export async function assetUses(ex: Executor, id: number): Promise<number> {
  const counts = await Promise.all([
    ex
      .selectFrom("product_assets")
      .select(ex.fn.countAll<number>().as("n"))
      .where("asset_id", "=", id)
      .executeTakeFirst(),
    ex
      .selectFrom("product_frames")
      .select(ex.fn.countAll<number>().as("n"))
      .where("asset_id", "=", id)
      .executeTakeFirst(),
    ex
      .selectFrom("categories")
      .select(ex.fn.countAll<number>().as("n"))
      .where("image_asset_id", "=", id)
      .executeTakeFirst(),
    ex.selectFrom("brands").select(ex.fn.countAll<number>().as("n")).where("logo_asset_id", "=", id).executeTakeFirst(),
    // Editorial content shows assets too: a news photo, a gallery, a banner slide.
    ex.selectFrom("news").select(ex.fn.countAll<number>().as("n")).where("image_asset_id", "=", id).executeTakeFirst(),
    ex
      .selectFrom("news_gallery")
      .select(ex.fn.countAll<number>().as("n"))
      .where("asset_id", "=", id)
      .executeTakeFirst(),
    ex
      .selectFrom("banner_slides")
      .select(ex.fn.countAll<number>().as("n"))
      .where("asset_id", "=", id)
      .executeTakeFirst(),
  ]);
  return counts.reduce((sum, row) => sum + Number(row?.n ?? 0), 0);
}

export async function deleteAssetRow(ex: Executor, id: number): Promise<void> {
  await ex.deleteFrom("assets").where("id", "=", id).execute();
}

export async function insertUpload(ex: Executor, row: Insertable<Database["asset_uploads"]>): Promise<void> {
  await ex.insertInto("asset_uploads").values(row).execute();
}

/** An upload of this editor's that has not expired (another editor's is not found). */
export function uploadOf(ex: Executor, tmpName: string, customerId: number, notBefore: string) {
  return ex
    .selectFrom("asset_uploads")
    .selectAll()
    .where("tmp_name", "=", tmpName)
    .where("customer_id", "=", customerId)
    .where("created_at", ">=", notBefore)
    .executeTakeFirst();
}

/** Takes an upload once: the caller that deletes the row is the one that may use its file. */
export async function takeUpload(ex: Executor, tmpName: string): Promise<boolean> {
  const result = await ex.deleteFrom("asset_uploads").where("tmp_name", "=", tmpName).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function expiredUploads(ex: Executor, before: string) {
  return ex
    .selectFrom("asset_uploads")
    .select(["tmp_name", "mime_type"])
    .where("created_at", "<", before)
    .limit(500)
    .execute();
}

/** Images by id, for content that shows them (news photos, galleries, banner slides). */
export function imagesById(ex: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return ex
    .selectFrom("assets")
    .select(["id", "guid", "name", "width", "height"])
    .where("id", "in", [...ids])
    .where("mime_type", "like", "image/%")
    .execute();
}

/** The newest images of the library, for the editors' image picker. */
export function newestImages(ex: Executor, limit: number) {
  return ex
    .selectFrom("assets")
    .select(["id", "guid", "name", "width", "height"])
    .where("mime_type", "like", "image/%")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Bytes the library holds: saved assets and uploads waiting for their crop or form. */
export async function libraryBytes(ex: Executor): Promise<number> {
  const [saved, waiting] = await Promise.all([
    ex
      .selectFrom("assets")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("size"), eb.lit(0)).as("bytes"))
      .executeTakeFirstOrThrow(),
    ex
      .selectFrom("asset_uploads")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("size"), eb.lit(0)).as("bytes"))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(saved.bytes) + Number(waiting.bytes);
}

/** The asset an import fetched from this address, if any (an address is fetched once). */
export async function assetBySourceUrl(ex: Executor, url: string): Promise<number | undefined> {
  return (await ex.selectFrom("assets").select("id").where("source_url", "=", url).executeTakeFirst())?.id;
}
