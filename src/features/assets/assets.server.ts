import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import sharp from "sharp";
import { paging } from "~/lib/paging";
import { sweeperRun } from "~/server/background";
import { db, type Executor } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { imageWork } from "~/server/image-queue";
import { ASSET_FORMATS, assetUrl } from "~/server/storage/assets";
import { fileStore } from "~/server/storage/file-store";
import { renditionNames } from "~/server/storage/renditions";
import { type AssetWriter, countAssetWrite, refuseWhenLibraryFull } from "./asset-limits.server";
import { uploadFile, uploadUrl } from "./asset-upload.server";
import { type AssetKind, clampSelection, quarterTurn, subtreeIds, UPLOAD_TTL_MS, type WidgetAsset } from "./assets";
import {
  allFolders,
  assetById,
  assetCount,
  assetsInFolder,
  assetUses,
  countAssetsInFolder,
  deleteAssetRow,
  deleteFolderRow,
  expiredUploads,
  type FolderRow,
  imagesById,
  insertAsset,
  insertFolder,
  insertUpload,
  newestImages,
  takeUpload,
  updateFolder,
  uploadOf,
} from "./assets.repository";

export type { AssetWriter } from "./asset-limits.server";
export { receiveMultipart, receiveUploads, type UploadResult } from "./asset-upload.server";

/** Spec 000's folder: FolderId, Name, ItemLevel, Children (and whether it has any beyond the depth asked). */
export interface FolderNode {
  FolderId: number;
  Name: string;
  ItemLevel: number;
  HasChildren: boolean;
  Children: FolderNode[];
}

/** The library's root: the folder without a parent (the seed's "Assets"). */
/**
 * The library's root and its two first folders, for a shop that has none (a real shop's first start:
 * the demo seeds its own): without a root no folder can be made, and the library page had nothing to show.
 */
export async function ensureAssetRoot(ex: Executor): Promise<boolean> {
  if ((await allFolders(ex)).some((f) => f.parent_id === null)) return false;
  const root = await insertFolder(ex, null, "Assets", 0);
  for (const name of ["Products", "Content"]) await insertFolder(ex, root, name, 1);
  return true;
}

export async function rootFolderId(): Promise<number> {
  const root = (await allFolders(db())).find((f) => f.parent_id === null);
  if (!root) throw new ApiError("NotFound");
  return root.id;
}

function childrenOf(rows: FolderRow[]): Map<number | null, FolderRow[]> {
  const children = new Map<number | null, FolderRow[]>();
  for (const row of rows) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  return children;
}

/** The tree under a folder, `depth` levels of children deep (spec 000: depth 1 by default). */
export async function folderTree(folderId: number | undefined, depth: number): Promise<FolderNode> {
  const rows = await allFolders(db());
  const start = rows.find((f) => (folderId === undefined ? f.parent_id === null : f.id === folderId));
  if (!start) throw new ApiError("NotFound");
  const children = childrenOf(rows);
  const node = (row: FolderRow, left: number): FolderNode => {
    const kids = children.get(row.id) ?? [];
    return {
      FolderId: row.id,
      Name: row.name,
      ItemLevel: row.item_level,
      HasChildren: kids.length > 0,
      Children: left > 0 ? kids.map((k) => node(k, left - 1)) : [],
    };
  };
  return node(start, depth);
}

/** The folders from the root down to a folder (for the page's breadcrumb and the tree's open path). */
export async function folderPath(folderId: number): Promise<FolderRow[]> {
  const rows = await allFolders(db());
  const byId = new Map(rows.map((r) => [r.id, r]));
  const path: FolderRow[] = [];
  for (let at = byId.get(folderId); at; at = at.parent_id === null ? undefined : byId.get(at.parent_id)) {
    path.unshift(at);
    if (path.length > rows.length) break;
  }
  if (path.length === 0) throw new ApiError("NotFound");
  return path;
}

export async function allFolderRows(): Promise<FolderRow[]> {
  return allFolders(db());
}

async function folder(id: number): Promise<FolderRow> {
  const row = (await allFolders(db())).find((f) => f.id === id);
  if (!row) throw new ApiError("NotFound");
  return row;
}

async function refuseSiblingName(parentId: number | null, name: string, except?: number): Promise<void> {
  const taken = (await allFolders(db())).some(
    (f) => f.parent_id === parentId && f.id !== except && f.name.toLocaleLowerCase() === name.toLocaleLowerCase(),
  );
  if (taken) throw new ApiError("FolderNameTaken", { Name: [] });
}

export async function createFolder(parentId: number, name: string): Promise<number> {
  const parent = await folder(parentId);
  await refuseSiblingName(parent.id, name);
  return insertFolder(db(), parent.id, name, parent.item_level + 1);
}

export async function renameFolder(folderId: number, name: string): Promise<void> {
  const row = await folder(folderId);
  await refuseSiblingName(row.parent_id, name, row.id);
  await updateFolder(db(), row.id, { name });
}

/** Moves a folder and its subtree (their levels follow); never the root, never into itself or below it. */
export async function moveFolder(folderId: number, parentId: number): Promise<void> {
  await db()
    .transaction()
    .execute(async (tx) => {
      const rows = await allFolders(tx);
      const moving = rows.find((f) => f.id === folderId);
      const parent = rows.find((f) => f.id === parentId);
      if (!moving || !parent) throw new ApiError("NotFound");
      const below = subtreeIds(rows, moving.id);
      const subtree = rows.filter((f) => below.has(f.id) && f.id !== moving.id);
      if (moving.parent_id === null || below.has(parent.id)) {
        throw new ApiError("FolderMoveNotAllowed", { ParentId: [] });
      }
      if (rows.some((f) => f.parent_id === parent.id && f.id !== moving.id && f.name === moving.name)) {
        throw new ApiError("FolderNameTaken", { ParentId: [] });
      }
      const shift = parent.item_level + 1 - moving.item_level;
      await updateFolder(tx, moving.id, { parent_id: parent.id, item_level: moving.item_level + shift });
      for (const row of subtree) await updateFolder(tx, row.id, { item_level: row.item_level + shift });
    });
}

/** Deletes an empty folder; one that still holds assets or folders is refused, never emptied silently. */
export async function deleteFolder(folderId: number): Promise<number | null> {
  const rows = await allFolders(db());
  const row = rows.find((f) => f.id === folderId);
  if (!row) throw new ApiError("NotFound");
  if (row.parent_id === null) throw new ApiError("FolderMoveNotAllowed");
  const assets = await assetCount(db(), row.id);
  const folders = rows.filter((f) => f.parent_id === row.id).length;
  if (assets > 0 || folders > 0) throw new ApiError("FolderNotEmpty");
  await deleteFolderRow(db(), row.id);
  return row.parent_id;
}

type AssetRow = NonNullable<Awaited<ReturnType<typeof assetById>>>;

const isImage = (mime: string) => mime.startsWith("image/");
const fileExtension = (mime: string) => (mime === "application/pdf" ? "pdf" : "bin");

/** The public address of a stored asset: its WebP rendition for an image, the file itself otherwise. */
export function assetUri(row: Pick<AssetRow, "guid" | "mime_type">): string {
  return isImage(row.mime_type) ? assetUrl(row.guid, "webp") : `/media/${row.guid}.${fileExtension(row.mime_type)}`;
}

/** `GET /assetslibrary/assets/{id}` (spec 000): Width, Height, Name, Uri and the rest. */
export function assetJson(row: AssetRow) {
  return {
    AssetId: row.id,
    Guid: row.guid,
    FolderId: row.folder_id,
    Name: row.name,
    OriginalFileName: row.original_file_name,
    FileType: (isImage(row.mime_type) ? "Image" : "File") as AssetKind,
    MimeType: row.mime_type,
    Width: row.width,
    Height: row.height,
    Size: row.size,
    Uri: assetUri(row),
    CreatedAt: row.created_at,
  };
}

export async function asset(id: number) {
  const row = await assetById(db(), id);
  if (!row) throw new ApiError("NotFound");
  return row;
}

/** A stored asset as the uploader widget shows it. */
export function widgetAsset(row: AssetRow): WidgetAsset {
  return {
    id: String(row.id),
    name: row.name,
    thumbnail_url: assetUri(row),
    fileType: isImage(row.mime_type) ? "Image" : "File",
    width: row.width,
    height: row.height,
    size: row.size,
  };
}

/** How many files one page of a folder shows in the library (a folder an import filled holds thousands). */
export const FOLDER_PAGE_SIZE = 48;

/** One page of a folder's files, newest first, with how many pages it has (`page` is kept within them). */
export async function folderAssets(folderId: number, page = 1) {
  const total = await countAssetsInFolder(db(), folderId);
  const { totalPages, currentPages: currentPage } = paging(total, FOLDER_PAGE_SIZE, page);
  const assets = await assetsInFolder(db(), folderId, {
    limit: FOLDER_PAGE_SIZE,
    offset: (currentPage - 1) * FOLDER_PAGE_SIZE,
  });
  return { assets, total, totalPages, currentPage };
}

/** Deletes an asset no catalogue row shows (its files go too). */
export async function deleteAsset(id: number): Promise<number> {
  const row = await asset(id);
  if ((await assetUses(db(), id)) > 0) throw new ApiError("AssetInUse");
  await deleteAssetRow(db(), id);
  const names = isImage(row.mime_type)
    ? [...Object.keys(ASSET_FORMATS).map((f) => `${row.storage_key}.${f}`), ...renditionNames(row.storage_key)]
    : [`${row.storage_key}.${fileExtension(row.mime_type)}`];
  await Promise.all(names.map((n) => fileStore().remove(n)));
  return row.folder_id;
}

const notExpiredSince = () => new Date(Date.now() - UPLOAD_TTL_MS).toISOString();

/** One of this editor's uploads, still waiting (another editor's, or an expired one, is not found). */
export async function ownUpload(tmpName: string, customerId: number) {
  const upload = await uploadOf(db(), tmpName, customerId, notExpiredSince());
  if (!upload) throw new ApiError("NotFound");
  return upload;
}

/** The file of a waiting upload, for its owner's preview. */
export async function uploadResponse(tmpName: string, customerId: number): Promise<Response> {
  const upload = await ownUpload(tmpName, customerId);
  const name = uploadFile(upload.tmp_name, upload.mime_type);
  const size = await fileStore().size(name);
  if (size === null) throw new ApiError("NotFound");
  const headers: Record<string, string> = {
    "Content-Type": upload.mime_type,
    "Content-Length": String(size),
    "Cache-Control": "private, max-age=3600",
    "X-Content-Type-Options": "nosniff",
  };
  if (!isImage(upload.mime_type)) headers["Content-Disposition"] = contentDisposition(upload.original_file_name);
  return new Response(Readable.toWeb(fileStore().read(name)) as ReadableStream, { headers });
}

/** An attachment header whose file name is only ever text (RFC 6266: an ASCII fallback and UTF-8). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export interface CropRequest {
  x: number;
  y: number;
  w: number;
  h: number;
  cropWidth: number;
  cropHeight: number;
  rotate: number;
  keepOriginal: boolean;
}

/**
 * `GET /assets/croptempimg/...` (spec 000): the selection of a waiting image (after its quarter turns),
 * resized to the crop size, becomes a new upload; the original goes unless `keepOriginal`. The selection
 * is clamped to the image; one smaller than the crop size is refused (no enlarging).
 */
export async function cropUpload(tmpName: string, writer: AssetWriter, crop: CropRequest): Promise<WidgetAsset> {
  const customerId = writer.id;
  const upload = await ownUpload(tmpName, customerId);
  if (upload.file_type !== "Image") throw new ApiError("CropRefused");
  const turn = quarterTurn(crop.rotate);
  const size = turn === 90 || turn === 270 ? { width: upload.height, height: upload.width } : upload;
  const selection = clampSelection({ x: crop.x, y: crop.y, width: crop.w, height: crop.h }, size);
  if (selection.width < crop.cropWidth || selection.height < crop.cropHeight) {
    throw new ApiError("CropRefused", {}, "AssetsLibrary.MinimumSize");
  }
  await countAssetWrite(writer);
  // A crop that keeps its original adds a file: a full library takes none.
  if (crop.keepOriginal) await refuseWhenLibraryFull();
  const source = await fileStore().readBuffer(uploadFile(upload.tmp_name, upload.mime_type));
  const output = await imageWork(async () =>
    sharp(turn === 0 ? source : await sharp(source).rotate(turn).toBuffer())
      .extract({ left: selection.x, top: selection.y, width: selection.width, height: selection.height })
      .resize(crop.cropWidth, crop.cropHeight, { fit: "fill" })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true }),
  );
  const cropped = `tmp-${randomUUID().replaceAll("-", "")}`;
  await fileStore().write(uploadFile(cropped, "image/webp"), output.data);
  await insertUpload(db(), {
    tmp_name: cropped,
    customer_id: customerId,
    file_type: "Image",
    mime_type: "image/webp",
    original_file_name: upload.original_file_name,
    width: output.info.width,
    height: output.info.height,
    size: output.data.length,
    created_at: new Date().toISOString(),
  });
  if (!crop.keepOriginal && (await takeUpload(db(), upload.tmp_name))) {
    await fileStore().remove(uploadFile(upload.tmp_name, upload.mime_type));
  }
  return {
    id: cropped,
    tmpName: cropped,
    name: upload.original_file_name,
    fileType: "Image",
    thumbnail_url: uploadUrl(cropped),
    width: output.info.width,
    height: output.info.height,
    size: output.data.length,
  };
}

/** A library image's two files in the store: the WebP as encoded, and a JPEG on white for what reads no WebP. */
export async function storeImageFiles(storageKey: string, webp: Buffer): Promise<void> {
  await fileStore().write(`${storageKey}.webp`, webp);
  await fileStore().write(
    `${storageKey}.jpg`,
    await imageWork(() => sharp(webp).flatten({ background: "#ffffff" }).jpeg({ quality: 85 }).toBuffer()),
  );
}

/**
 * Saves a waiting upload as an asset of a folder: images get their WebP and JPEG renditions, files are
 * kept as they came. Each upload is taken once (two posts of one form save it once).
 */
export async function saveUpload(tmpName: string, customerId: number, folderId: number, name: string) {
  const upload = await ownUpload(tmpName, customerId);
  await folder(folderId);
  if (!(await takeUpload(db(), upload.tmp_name))) throw new ApiError("NotFound");
  const source = uploadFile(upload.tmp_name, upload.mime_type);
  const storageKey = `library-${randomUUID()}`;
  const image = upload.file_type === "Image";
  if (image) {
    await storeImageFiles(storageKey, await fileStore().readBuffer(source));
  } else {
    await fileStore().write(`${storageKey}.${fileExtension(upload.mime_type)}`, fileStore().read(source));
  }
  await fileStore().remove(source);
  return insertAsset(db(), {
    guid: randomUUID(),
    folder_id: folderId,
    name,
    original_file_name: upload.original_file_name,
    mime_type: upload.mime_type,
    width: upload.width,
    height: upload.height,
    size: upload.size,
    storage_key: storageKey,
    created_at: new Date().toISOString(),
  });
}

/** Uploads nobody saved within UPLOAD_TTL_MS go, with their files. */
export async function sweepExpiredUploads(): Promise<number> {
  const expired = await expiredUploads(db(), notExpiredSince());
  for (const upload of expired) {
    if (await takeUpload(db(), upload.tmp_name))
      await fileStore().remove(uploadFile(upload.tmp_name, upload.mime_type));
  }
  return expired.length;
}

export function startUploadSweeper(): () => void {
  const running = globalThis as { vitrineUploadSweeper?: () => void };
  if (running.vitrineUploadSweeper) return running.vitrineUploadSweeper;
  const sweep = () => sweeperRun("uploads", sweepExpiredUploads, 10 * 60_000);
  const timer = setInterval(sweep, 10 * 60_000);
  timer.unref();
  running.vitrineUploadSweeper = () => {
    clearInterval(timer);
    running.vitrineUploadSweeper = undefined;
  };
  return running.vitrineUploadSweeper;
}

export interface ContentImage {
  id: number;
  guid: string;
  name: string;
  width: number;
  height: number;
}

/** Images by id (unknown ids and documents left out), in a map for content that shows them. */
export async function contentImages(ids: readonly number[]): Promise<Map<number, ContentImage>> {
  const rows = await imagesById(db(), [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The newest images, for the editors' image picker. */
export function pickerImages(limit = 48): Promise<ContentImage[]> {
  return newestImages(db(), limit);
}
