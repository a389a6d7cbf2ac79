import { Readable } from "node:stream";
import type { APIRoute } from "astro";
import { assetByGuid } from "~/features/catalog/catalog.server";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { log } from "~/server/observability/log";
import { ASSET_FORMATS } from "~/server/storage/assets";
import { fileStore } from "~/server/storage/file-store";
import {
  ensureRendition,
  ensureShareRendition,
  isRenditionWidth,
  RENDITION_FORMATS,
  type RenditionFormat,
} from "~/server/storage/renditions";
import { StoredFileMissing } from "~/server/storage/s3-file-store";

/**
 * `{guid}.{format}`: the stored file; `{guid}-w{width}.{format}`: a resized rendition (srcset);
 * `{guid}-og.jpg`: the 1200 × 630 picture of a shared link.
 */
const FILE = /^([0-9a-f-]{36})(?:-w(\d{2,4})|-(og))?\.(avif|webp|jpg|pdf)$/;
/** A stored file that is not an image: served as the type it was checked to be, and only as a download. */
const DOCUMENTS = { pdf: "application/pdf" } as const;
const NOT_FOUND = () => new Response("Not found", { status: 404 });

/** Asset files; a guid never changes content, so they are cached for a year. */
export const GET: APIRoute = async (context) => {
  try {
    return await serve(context.params);
  } catch (error) {
    if (error instanceof StoredFileMissing) return NOT_FOUND();
    // The file store (an S3 bucket) slow or failing: the image is there, come back in a moment.
    log().warn({ err: error, file: context.params.file }, "file store unavailable for a media file");
    return new Response("File store unavailable", {
      status: 503,
      headers: { "Retry-After": "5", "Cache-Control": "no-store" },
    });
  }
};

async function serve(params: Record<string, string | undefined>): Promise<Response> {
  const match = FILE.exec(params.file ?? "");
  const asset = match ? await assetByGuid(db(), match[1] as string) : undefined;
  if (!match || !asset) return NOT_FOUND();
  const width = match[2] ? Number(match[2]) : null;
  const format = match[4] as RenditionFormat | keyof typeof DOCUMENTS;
  const image = asset.mime_type.startsWith("image/");
  let name: string;
  let type: string;
  if (match[3]) {
    if (!image || format !== "jpg") return NOT_FOUND();
    name = await ensureShareRendition(asset.storage_key);
    type = RENDITION_FORMATS.jpg;
  } else if (width !== null || format === "avif") {
    // Renditions: images only, at one of the fixed widths.
    if (!image || width === null || !isRenditionWidth(width) || format === "pdf") return NOT_FOUND();
    name = await ensureRendition(asset.storage_key, width, format);
    type = RENDITION_FORMATS[format];
  } else {
    type = format === "pdf" ? DOCUMENTS.pdf : ASSET_FORMATS[format];
    // An image has its renditions; a document only itself, under the type its content was checked to be.
    if (image === (format === "pdf") || (!image && asset.mime_type !== type)) return NOT_FOUND();
    name = `${asset.storage_key}.${format}`;
  }
  const size = await fileStore().size(name);
  if (size === null) return NOT_FOUND();
  const headers: Record<string, string> = {
    "Content-Type": type,
    "Content-Length": String(size),
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  };
  if (!image) headers["Content-Disposition"] = "attachment";
  const seconds = env().ASSETS_S3_SIGNED_URL_SECONDS;
  const store = fileStore();
  if (seconds > 0 && store.signedUrl) {
    // The store answers the bytes with the same headers; the redirect lives a little less than its URL.
    const location = await store.signedUrl(name, seconds, {
      contentType: type,
      cacheControl: headers["Cache-Control"] as string,
      ...(image ? {} : { contentDisposition: "attachment" }),
    });
    return new Response(null, {
      status: 302,
      headers: { Location: location, "Cache-Control": `private, max-age=${Math.max(0, Math.floor(seconds / 2))}` },
    });
  }
  return new Response(Readable.toWeb(fileStore().read(name)) as ReadableStream, { headers });
}
