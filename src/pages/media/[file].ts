import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { APIRoute } from "astro";
import { assetByGuid } from "../../features/catalog/catalog.server";
import { db } from "../../server/db/client";
import { ASSET_FORMATS, type AssetFormat, assetFilePath } from "../../server/storage/assets";

const FILE = /^([0-9a-f-]{36})\.(webp|jpg)$/;

/** Asset renditions; a guid never changes content, so they are cached for a year. */
export const GET: APIRoute = async ({ params }) => {
  const match = FILE.exec(params.file ?? "");
  const asset = match ? await assetByGuid(db(), match[1] as string) : undefined;
  if (!match || !asset) return new Response("Not found", { status: 404 });
  const format = match[2] as AssetFormat;
  const path = assetFilePath(asset.storage_key, format);
  const info = await stat(path).catch(() => null);
  if (!info) return new Response("Not found", { status: 404 });
  return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream, {
    headers: {
      "Content-Type": ASSET_FORMATS[format],
      "Content-Length": String(info.size),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
};
