import { Readable } from "node:stream";
import type { APIRoute } from "astro";
import { assetByGuid } from "../../features/catalog/catalog.server";
import { db } from "../../server/db/client";
import { ASSET_FORMATS } from "../../server/storage/assets";
import { fileStore } from "../../server/storage/file-store";

const FILE = /^([0-9a-f-]{36})\.(webp|jpg|pdf)$/;
/** A stored file that is not an image: served as the type it was checked to be, and only as a download. */
const DOCUMENTS = { pdf: "application/pdf" } as const;

/** Asset files; a guid never changes content, so they are cached for a year. */
export const GET: APIRoute = async ({ params }) => {
  const match = FILE.exec(params.file ?? "");
  const asset = match ? await assetByGuid(db(), match[1] as string) : undefined;
  if (!match || !asset) return new Response("Not found", { status: 404 });
  const format = match[2] as keyof typeof ASSET_FORMATS | keyof typeof DOCUMENTS;
  const image = asset.mime_type.startsWith("image/");
  const type = format === "pdf" ? DOCUMENTS.pdf : ASSET_FORMATS[format];
  // An image has its renditions; a document only itself, under the type its content was checked to be.
  if (image === (format === "pdf") || (!image && asset.mime_type !== type)) {
    return new Response("Not found", { status: 404 });
  }
  const name = `${asset.storage_key}.${format}`;
  const size = await fileStore().size(name);
  if (size === null) return new Response("Not found", { status: 404 });
  const headers: Record<string, string> = {
    "Content-Type": type,
    "Content-Length": String(size),
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  };
  if (!image) headers["Content-Disposition"] = "attachment";
  return new Response(Readable.toWeb(fileStore().read(name)) as ReadableStream, { headers });
};
