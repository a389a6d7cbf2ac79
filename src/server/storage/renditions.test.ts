import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { fileStore } from "./file-store";
import { ensureRendition, ensureShareRendition, renditionNames, SHARE_SIZE } from "./renditions";

/** A stored image asset as uploads leave it: `{key}.webp`, 800 × 600. */
async function storedImage(): Promise<string> {
  const key = `rendition-test-${randomBytes(4).toString("hex")}`;
  const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c0392b" } })
    .webp()
    .toBuffer();
  await fileStore().write(`${key}.webp`, image);
  return key;
}

describe("resized renditions of an image", () => {
  it("are made at the asked width in AVIF, WebP and JPEG, never wider than the original", async () => {
    const key = await storedImage();
    for (const [width, format, expected] of [
      [320, "avif", "heif"],
      [480, "webp", "webp"],
      [640, "jpg", "jpeg"],
      [1280, "webp", "webp"],
    ] as const) {
      const name = await ensureRendition(key, width, format);
      const meta = await sharp(await fileStore().readBuffer(name)).metadata();
      expect(meta.format).toBe(expected);
      expect(meta.width).toBe(Math.min(width, 800));
      expect(meta.height).toBe(Math.round((Math.min(width, 800) * 600) / 800));
    }
    for (const name of renditionNames(key)) await fileStore().remove(name);
  });

  it("make the share picture 1200 × 630 with the whole photo on white, of a square or a tall photo", async () => {
    for (const [width, height] of [
      [800, 800],
      [300, 900],
    ] as const) {
      const key = `share-test-${randomBytes(4).toString("hex")}`;
      const red = await sharp({ create: { width, height, channels: 3, background: "#c0392b" } })
        .webp()
        .toBuffer();
      await fileStore().write(`${key}.webp`, red);
      const picture = sharp(await fileStore().readBuffer(await ensureShareRendition(key)));
      const meta = await picture.metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", SHARE_SIZE.width, SHARE_SIZE.height]);
      // The photo fills the height, centred: red in the middle, white at the sides (never cut).
      const { data, info } = await picture.raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
      ];
      expect(pixel(600, 315)[0]).toBeGreaterThan(150);
      expect(pixel(600, 315)[1]).toBeLessThan(100);
      expect(pixel(5, 315).every((c) => c > 240)).toBe(true);
      for (const name of [...renditionNames(key), `${key}.webp`]) await fileStore().remove(name);
    }
  });

  it("are made once when many shoppers ask for the same one at once", async () => {
    const key = await storedImage();
    const write = vi.spyOn(fileStore(), "write");
    const names = await Promise.all(Array.from({ length: 12 }, () => ensureRendition(key, 320, "avif")));
    expect(new Set(names).size).toBe(1);
    expect(write).toHaveBeenCalledTimes(1);
    await ensureRendition(key, 320, "avif");
    expect(write).toHaveBeenCalledTimes(1);
    write.mockRestore();
    for (const name of renditionNames(key)) await fileStore().remove(name);
  });
});
