import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { env } from "~/server/config/env";
import type { Executor } from "~/server/db/client";
import { fetchLimited, OutboundError } from "~/server/http/outbound";
import { fileStore } from "~/server/storage/file-store";
import { libraryQuotaBytes } from "./asset-limits.server";
import { displayName, encodeImage } from "./asset-upload.server";
import { ALLOWED_TYPES, isAllowedMime, MAX_FILE_BYTES } from "./assets";
import { allFolders, assetBySourceUrl, insertAsset, insertFolder, libraryBytes } from "./assets.repository";
import { ensureAssetRoot, storeImageFiles } from "./assets.server";

/** The library folder (under the root) that photos fetched or sent by a catalogue import go to. */
export const IMPORT_FOLDER = "Imports";

/** A photo of an import: the library asset it became, or why it did not (a message key and its values). */
export type ImportedImage = { assetId: number } | { key: string; values: Record<string, unknown> };

/** A photo sent with an import may be as large as an upload; larger is refused with its row. */
export const MAX_IMPORT_PHOTO_BYTES = MAX_FILE_BYTES;
/** A photo's file name as an import's `images` refers to it (no folders, no control characters). */
export const photoName = displayName;

const isAddress = (reference: string) => /^https?:\/\//i.test(reference);
const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The photos an import was sent, by file name: a form's files (a Map), or a folder's (the command line). */
export interface PhotoFiles {
  has(name: string): boolean;
  get(name: string): Buffer | undefined;
}

/** A folder's photos by file name, read when a row names one (never a path out of the folder). */
export function photoFolder(folder: string): PhotoFiles {
  const path = (name: string) => (photoName(name) === name ? join(folder, name) : null);
  return {
    has: (name) => {
      const file = path(name);
      return file !== null && existsSync(file) && statSync(file).isFile();
    },
    get: (name) => {
      const file = path(name);
      return file === null ? undefined : readFileSync(file);
    },
  };
}

/** A photo fetched or sent and re-encoded, before it is saved; or an asset already in the library. */
type Prepared =
  | { assetId: number }
  | { key: string; values: Record<string, unknown> }
  | { image: { data: Buffer; width: number; height: number }; name: string; sourceUrl: string | null };

/**
 * The photos of one catalogue import (CSV or API) that are not yet in the library: addresses (http or
 * https), fetched with limits (MAX_FILE_BYTES, IMAGE_FETCH_TIMEOUT_MS, public addresses only on a public
 * shop), and files sent with the import, named by their file name. Each is checked by its content and
 * re-encoded as an upload is (`prepare`: no write, so the API fetches before its transaction), then
 * saved in the "Imports" folder through the import's transaction (`resolve`). An address already
 * fetched, by this import or an earlier one, is not fetched again. Files written for a transaction that
 * does not commit (errors, a dry run) are removed by `discard`.
 */
export class ImageImport {
  private readonly prepared = new Map<string, Promise<Prepared>>();
  private readonly saved = new Map<string, ImportedImage>();
  private readonly written: string[] = [];
  private folderId: number | undefined;
  private addedBytes = 0;

  constructor(
    /** Files sent with the import (or a folder's): by their name as the CSV writes it. */
    private readonly files: PhotoFiles = new Map(),
  ) {}

  /** Whether a product's image reference is one this import brings (an address, or a file sent with it). */
  handles(reference: string): boolean {
    return isAddress(reference) || this.files.has(reference);
  }

  /** Fetches (or reads) and re-encodes a photo once, whatever the number of products that name it. */
  prepare(reference: string, ex: Executor): Promise<Prepared> {
    let prepared = this.prepared.get(reference);
    if (!prepared) {
      prepared = this.bring(reference, ex);
      this.prepared.set(reference, prepared);
    }
    return prepared;
  }

  /** The photo as a library asset, saved through `ex` (the import's transaction) the first time. */
  async resolve(reference: string, ex: Executor): Promise<ImportedImage> {
    const known = this.saved.get(reference);
    if (known) return known;
    const prepared = await this.prepare(reference, ex);
    const outcome = "image" in prepared ? await this.save(prepared, reference, ex) : prepared;
    this.saved.set(reference, outcome);
    // The encoded bytes are in the store now: a long import does not keep every photo in memory.
    this.prepared.delete(reference);
    return outcome;
  }

  /** Removes the files this import stored: its transaction was rolled back (errors, or a dry run). */
  async discard(): Promise<void> {
    for (const name of this.written.splice(0)) await fileStore().remove(name);
  }

  private async bring(reference: string, ex: Executor): Promise<Prepared> {
    const image = reference.length > 120 ? `${reference.slice(0, 117)}...` : reference;
    const refuse = (key: string, values: Record<string, unknown> = {}): Prepared => ({
      key,
      values: { image, ...values },
    });
    let data: Buffer;
    let name: string;
    if (isAddress(reference)) {
      const stored = await assetBySourceUrl(ex, reference);
      if (stored !== undefined) return { assetId: stored };
      const settings = env();
      try {
        data = (
          await fetchLimited(reference, {
            timeoutMs: settings.IMAGE_FETCH_TIMEOUT_MS,
            maxBytes: MAX_FILE_BYTES,
            allowInternal: !settings.publicSite,
          })
        ).body;
      } catch (error) {
        if (!(error instanceof OutboundError)) throw error;
        if (error.reason === "BadUrl" || error.reason === "Refused") return refuse("Import.ImageAddress");
        if (error.reason === "Timeout")
          return refuse("Import.ImageTimeout", { seconds: Math.round(settings.IMAGE_FETCH_TIMEOUT_MS / 1000) });
        if (error.reason === "TooLarge") return refuse("Import.ImageTooLarge", { size: megabytes(MAX_FILE_BYTES) });
        if (error.reason === "Status") return refuse("Import.ImageStatus", { status: error.status ?? 0 });
        return refuse("Import.ImageUnreachable");
      }
      let last = "";
      try {
        last = decodeURIComponent(new URL(reference).pathname.split("/").pop() ?? "");
      } catch {
        // A malformed escape: the name is only for people.
      }
      name = displayName(last || "photo");
    } else {
      data = this.files.get(reference) ?? Buffer.alloc(0);
      if (data.length > MAX_FILE_BYTES) return refuse("Import.ImageTooLarge", { size: megabytes(MAX_FILE_BYTES) });
      name = displayName(reference);
    }
    // By content, never by the name or the declared type (as an upload).
    const mime = (await fileTypeFromBuffer(data).catch(() => undefined))?.mime ?? "";
    if (!isAllowedMime(mime) || ALLOWED_TYPES[mime].fileType !== "Image") return refuse("Import.ImageNotImage");
    const encoded = await encodeImage(data);
    if ("key" in encoded)
      return encoded.key === "AssetsLibrary.TooManyPixels"
        ? refuse("Import.ImageTooManyPixels", encoded.values)
        : refuse("Import.ImageNotImage");
    return { image: encoded, name, sourceUrl: isAddress(reference) ? reference : null };
  }

  private async save(
    prepared: Extract<Prepared, { image: unknown }>,
    reference: string,
    ex: Executor,
  ): Promise<ImportedImage> {
    const { image, name, sourceUrl } = prepared;
    // Another import may have saved this address since it was fetched.
    const stored = sourceUrl === null ? undefined : await assetBySourceUrl(ex, sourceUrl);
    if (stored !== undefined) return { assetId: stored };
    if ((await libraryBytes(ex)) + this.addedBytes + image.data.length > libraryQuotaBytes())
      return {
        key: "Import.ImageLibraryFull",
        values: { image: reference.slice(0, 120), quota: megabytes(libraryQuotaBytes()) },
      };
    const storageKey = `library-${randomUUID()}`;
    this.written.push(`${storageKey}.webp`, `${storageKey}.jpg`);
    await storeImageFiles(storageKey, image.data);
    this.addedBytes += image.data.length;
    const assetId = await insertAsset(ex, {
      guid: randomUUID(),
      folder_id: await this.folder(ex),
      name,
      original_file_name: name,
      mime_type: "image/webp",
      width: image.width,
      height: image.height,
      size: image.data.length,
      storage_key: storageKey,
      created_at: new Date().toISOString(),
      source_url: sourceUrl,
    });
    return { assetId };
  }

  private async folder(ex: Executor): Promise<number> {
    if (this.folderId !== undefined) return this.folderId;
    await ensureAssetRoot(ex);
    const folders = await allFolders(ex);
    const root = folders.find((f) => f.parent_id === null);
    if (!root) throw new Error("the asset library has no root");
    this.folderId =
      folders.find((f) => f.parent_id === root.id && f.name === IMPORT_FOLDER)?.id ??
      (await insertFolder(ex, root.id, IMPORT_FOLDER, root.item_level + 1));
    return this.folderId;
  }
}
