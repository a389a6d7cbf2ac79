import sharp from "sharp";
import { fileStore } from "./file-store";

/**
 * Resized renditions of image assets for responsive `srcset` (issue 19): a fixed set of widths (so no
 * request can make the server resize to any size it likes), in AVIF, WebP and JPEG. Each is made from
 * the asset's stored WebP the first time it is asked for, then kept in the file store beside it.
 */
export const RENDITION_WIDTHS = [96, 192, 320, 480, 640, 960, 1280] as const;
export const RENDITION_FORMATS = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" } as const;
export type RenditionFormat = keyof typeof RENDITION_FORMATS;

export function isRenditionWidth(width: number): boolean {
  return (RENDITION_WIDTHS as readonly number[]).includes(width);
}

export function renditionName(storageKey: string, width: number, format: RenditionFormat): string {
  return `${storageKey}-w${width}.${format}`;
}

/** The picture a shared link shows (Open Graph, Twitter cards): 1200 × 630, the whole photo on white. */
export const SHARE_SIZE = { width: 1200, height: 630 } as const;

export function shareRenditionName(storageKey: string): string {
  return `${storageKey}-og.jpg`;
}

/** Every rendition an image may have (deleting an asset removes them all). */
export function renditionNames(storageKey: string): string[] {
  return [
    ...RENDITION_WIDTHS.flatMap((width) =>
      (Object.keys(RENDITION_FORMATS) as RenditionFormat[]).map((format) => renditionName(storageKey, width, format)),
    ),
    shareRenditionName(storageKey),
  ];
}

/** Renditions being made: twenty shoppers asking for the same one at once make it once. */
const making = new Map<string, Promise<void>>();

async function make(storageKey: string, width: number, format: RenditionFormat, name: string): Promise<void> {
  const source = await fileStore().readBuffer(`${storageKey}.webp`);
  // Never larger than the original: a wider rendition of a small image is the original's pixels.
  const resized = sharp(source).resize({ width, withoutEnlargement: true });
  const encoded =
    format === "avif"
      ? resized.avif({ quality: 50, effort: 2 })
      : format === "webp"
        ? resized.webp({ quality: 75 })
        : resized.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true });
  await fileStore().write(name, await encoded.toBuffer());
}

/** The stored name of a rendition, made first if it is not there yet. */
export function ensureRendition(storageKey: string, width: number, format: RenditionFormat): Promise<string> {
  const name = renditionName(storageKey, width, format);
  return ensure(name, () => make(storageKey, width, format, name));
}

/** The share picture: a photo of any shape fitted whole into 1200 × 630 (a product is never cut). */
export function ensureShareRendition(storageKey: string): Promise<string> {
  const name = shareRenditionName(storageKey);
  return ensure(name, async () => {
    const source = await fileStore().readBuffer(`${storageKey}.webp`);
    const picture = sharp(source)
      .resize({ ...SHARE_SIZE, fit: "contain", background: "#ffffff" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80, mozjpeg: true });
    await fileStore().write(name, await picture.toBuffer());
  });
}

async function ensure(name: string, work: () => Promise<void>): Promise<string> {
  if ((await fileStore().size(name)) !== null) return name;
  let pending = making.get(name);
  if (!pending) {
    pending = work().finally(() => making.delete(name));
    making.set(name, pending);
  }
  await pending;
  return name;
}
