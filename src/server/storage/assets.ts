import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { env } from "../config/env";

/** Stored image renditions: every image asset has a WebP file and a JPEG fallback. */
export const ASSET_FORMATS = { webp: "image/webp", jpg: "image/jpeg" } as const;
export type AssetFormat = keyof typeof ASSET_FORMATS;

export function assetsDir(): string {
  const dir = resolve(env().ASSETS_DIR);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Where a rendition lives on disk; storage keys are generated, never taken from a client. */
export function assetFilePath(storageKey: string, format: AssetFormat): string {
  if (!/^[a-z0-9-]+$/.test(storageKey)) throw new Error("invalid storage key");
  return join(assetsDir(), `${storageKey}.${format}`);
}

/** Public URL of a rendition: served by the media route with immutable caching. */
export function assetUrl(guid: string, format: AssetFormat): string {
  return `/media/${guid}.${format}`;
}

/** Public URL of a resized rendition (src/server/storage/renditions.ts), made on its first request. */
export function resizedAssetUrl(guid: string, width: number, format: AssetFormat | "avif"): string {
  return `/media/${guid}-w${width}.${format}`;
}

/** Public URL of the 1200 × 630 picture a shared link shows (Open Graph, Twitter cards). */
export function shareImageUrl(guid: string): string {
  return `/media/${guid}-og.jpg`;
}
