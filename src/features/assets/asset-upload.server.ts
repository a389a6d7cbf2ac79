import { randomBytes, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import Busboy from "busboy";
import { fileTypeFromFile } from "file-type";
import sharp from "sharp";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { imageWork } from "~/server/image-queue";
import { fileStore } from "~/server/storage/file-store";
import {
  type AssetWriter,
  countAssetWrite,
  libraryHasRoomFor,
  libraryQuotaBytes,
  refuseWhenLibraryFull,
} from "./asset-limits.server";
import {
  ALLOWED_TYPES,
  ASSET_NAME_MAX,
  type AssetKind,
  isAllowedMime,
  MAX_FILE_BYTES,
  MAX_FILES_PER_REQUEST,
  MAX_IMAGE_PIXELS,
  MAX_REQUEST_BYTES,
  type WidgetAsset,
} from "./assets";
import { insertUpload } from "./assets.repository";

/** What the upload answers per file (spec 000): the asset, or the reason it was refused. */
export type UploadResult = WidgetAsset | { name: string; Error: string };

export interface UploadOptions {
  /** The widget's crop size: an image smaller than it is refused (spec 000 section 5). */
  crop: { width: number; height: number } | null;
  /** An image widget: a file that is not an image is refused with AssetsLibrary.EncodeCorrectImage. */
  imagesOnly: boolean;
  /** The widget's data-max-file-size, never above the server's own limit. */
  maxFileBytes: number;
}

/**
 * A file name as shown to people: no folders (`../../`), no control characters or NUL, no bidirectional
 * controls (a right-to-left override shows `invoice‮fdp.exe` as `invoiceexe.pdf`), bounded. It is only
 * ever text (escaped where shown); stored files get generated names.
 */
export function displayName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim();
  return (clean.replace(/^\.+/, "") || "file").slice(0, ASSET_NAME_MAX);
}

export const uploadUrl = (tmpName: string) => `/api/v1/assetslibrary/uploads/${tmpName}`;
export const uploadFile = (tmpName: string, mime: string) =>
  `tmp/${tmpName}.${mime === "application/pdf" ? "pdf" : "webp"}`;

interface Received {
  name: string;
  path: string;
  bytes: number;
  truncated: boolean;
}

/**
 * Reads a multipart body as it streams (busboy): each file goes to its own file under the system's
 * temporary folder, never whole into memory; the request stops at MAX_REQUEST_BYTES.
 */
async function receive(
  request: Request,
  maxFileBytes: number,
): Promise<{ files: Received[]; fields: Record<string, string> }> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type) || !request.body) throw new ApiError("UnsupportedMediaType");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_REQUEST_BYTES) throw new ApiError("PayloadTooLarge");
  const received: Received[] = [];
  const fields: Record<string, string> = {};
  const writes: Promise<void>[] = [];
  let refusal: ApiError | undefined;
  let parser: Busboy.Busboy;
  try {
    parser = Busboy({
      headers: { "content-type": type },
      // Browsers send file names in UTF-8; busboy's default reads them as Latin-1 ("Ã©tÃ©.jpg").
      defParamCharset: "utf8",
      limits: { fileSize: maxFileBytes, files: MAX_FILES_PER_REQUEST, fields: 200, fieldSize: 1024, parts: 220 },
    });
  } catch {
    throw new ApiError("BadRequest");
  }
  parser.on("field", (name, value) => {
    fields[name] = value;
  });
  parser.on("file", (_field, stream, info) => {
    const entry: Received = {
      name: displayName(info.filename ?? ""),
      path: join(tmpdir(), `vitrine-upload-${randomUUID()}`),
      bytes: 0,
      truncated: false,
    };
    received.push(entry);
    stream.on("data", (chunk: Buffer) => {
      entry.bytes += chunk.length;
    });
    stream.on("limit", () => {
      entry.truncated = true;
    });
    writes.push(pipeline(stream, createWriteStream(entry.path)));
  });
  parser.on("filesLimit", () => {
    refusal ??= new ApiError("TooManyFiles", {}, undefined, { count: MAX_FILES_PER_REQUEST });
  });
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > MAX_REQUEST_BYTES) done(new ApiError("PayloadTooLarge"));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(request.body as import("node:stream/web").ReadableStream), counter, parser);
    await Promise.all(writes);
  } catch (error) {
    await Promise.allSettled(writes);
    await Promise.all(received.map((r) => rm(r.path, { force: true })));
    if (error instanceof ApiError) throw error;
    throw new ApiError("BadRequest");
  }
  if (refusal) {
    await Promise.all(received.map((r) => rm(r.path, { force: true })));
    throw refusal;
  }
  return { files: received, fields };
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** An image re-encoded as the library keeps it, or the message key that says why it cannot be. */
export type EncodedImage =
  | { data: Buffer; width: number; height: number }
  | { key: string; values?: Record<string, unknown> };

/**
 * An image file (a path or its bytes) checked and re-encoded to WebP: the header's pixel count is read
 * before decoding (a bomb is refused first), EXIF orientation applied, metadata (location, camera,
 * comments) and any trailing bytes gone. In the image queue: one decode at a time holds one core,
 * whatever editors send at once.
 */
export async function encodeImage(input: string | Buffer): Promise<EncodedImage> {
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return { key: "AssetsLibrary.EncodeCorrectImage" };
  if (meta.width * meta.height > MAX_IMAGE_PIXELS)
    return { key: "AssetsLibrary.TooManyPixels", values: { max: MAX_IMAGE_PIXELS / 1_000_000 } };
  const encoded = await imageWork(() =>
    sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
      .rotate()
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true })
      .catch(() => null),
  );
  if (!encoded) return { key: "AssetsLibrary.EncodeCorrectImage" };
  return { data: encoded.data, width: encoded.info.width, height: encoded.info.height };
}

/** One received file: checked by its content, re-encoded if it is an image, kept as an upload. */
async function keep(
  file: Received,
  customerId: number,
  options: UploadOptions,
  t: ReturnType<typeof translator>,
): Promise<UploadResult> {
  const refuse = (message: string) => ({ name: file.name, Error: message });
  if (file.truncated) return refuse(t("AssetsLibrary.MaximumSize", { size: megabytes(options.maxFileBytes) }));
  if (file.bytes === 0) return refuse(t("AssetsLibrary.EmptyFile"));
  // By content (magic bytes), never by the name or the declared type: an HTML page named .png is text.
  const sniffed = await fileTypeFromFile(file.path).catch(() => undefined);
  const mime = sniffed?.mime ?? "";
  if (!isAllowedMime(mime)) {
    return refuse(t(options.imagesOnly ? "AssetsLibrary.EncodeCorrectImage" : "AssetsLibrary.WrongType"));
  }
  const kind: AssetKind = ALLOWED_TYPES[mime].fileType;
  if (options.imagesOnly && kind !== "Image") return refuse(t("AssetsLibrary.EncodeCorrectImage"));
  const tmpName = `tmp-${randomBytes(16).toString("hex")}`;
  let width = 0;
  let height = 0;
  let stored: Buffer | null = null;
  if (kind === "Image") {
    const encoded = await encodeImage(file.path);
    if ("key" in encoded) return refuse(t(encoded.key, encoded.values));
    width = encoded.width;
    height = encoded.height;
    if (options.crop && (width < options.crop.width || height < options.crop.height)) {
      return refuse(`${t("AssetsLibrary.MinimumSize")} ${options.crop.width} × ${options.crop.height} px`);
    }
    stored = encoded.data;
  }
  if (!(await libraryHasRoomFor(stored ? stored.length : file.bytes))) {
    return refuse(t("AssetsLibrary.LibraryFull", { quota: megabytes(libraryQuotaBytes()) }));
  }
  const storedMime = kind === "Image" ? "image/webp" : mime;
  const name = uploadFile(tmpName, storedMime);
  if (stored) await fileStore().write(name, stored);
  else await fileStore().write(name, createReadStream(file.path));
  const size = stored ? stored.length : file.bytes;
  await insertUpload(db(), {
    tmp_name: tmpName,
    customer_id: customerId,
    file_type: kind,
    mime_type: storedMime,
    original_file_name: file.name,
    width,
    height,
    size,
    created_at: new Date().toISOString(),
  });
  return {
    id: tmpName,
    tmpName,
    name: file.name,
    fileType: kind,
    thumbnail_url: uploadUrl(tmpName),
    width,
    height,
    size,
  };
}

/**
 * A multipart body of an upload form: every file checked, re-encoded and kept as an upload (or refused,
 * saying why), and the form's other fields.
 */
export async function receiveMultipart(
  request: Request,
  writer: AssetWriter,
  culture: Culture,
  options: UploadOptions,
): Promise<{ results: UploadResult[]; fields: Record<string, string> }> {
  await countAssetWrite(writer);
  await refuseWhenLibraryFull();
  const maxFileBytes = Math.min(options.maxFileBytes, MAX_FILE_BYTES);
  const { files, fields } = await receive(request, maxFileBytes);
  const t = translator(culture);
  const results: UploadResult[] = [];
  try {
    // One after another: decoding images is the costly part, and two cores serve the shop too.
    for (const file of files) {
      // A form's empty file input still sends a part, without a name or bytes: nothing was chosen.
      if (file.bytes === 0 && file.name === "file") continue;
      results.push(await keep(file, writer.id, { ...options, maxFileBytes }, t));
    }
  } finally {
    await Promise.all(files.map((f) => rm(f.path, { force: true })));
  }
  return { results, fields };
}

/**
 * The upload of spec 000: every file of a multipart body, each checked, re-encoded and kept as an upload
 * waiting for its crop or its form. A file refused says why; when every file is refused the answer is a
 * 422 naming each.
 */
export async function receiveUploads(
  request: Request,
  writer: AssetWriter,
  culture: Culture,
  options: UploadOptions,
): Promise<UploadResult[]> {
  const { results } = await receiveMultipart(request, writer, culture, options);
  if (results.length === 0) {
    throw new ApiError("ValidationFailed", { files: [translator(culture)("AssetsLibrary.WrongType")] });
  }
  if (results.every((r) => "Error" in r)) {
    const errors: Record<string, string[]> = {};
    for (const r of results) if ("Error" in r) errors[r.name] = [...(errors[r.name] ?? []), r.Error];
    throw new ApiError("FileRefused", errors);
  }
  return results;
}
