import { existsSync, readdirSync, rmSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { assetFilePath, assetsDir } from "../../storage/assets";
import { renderProductImage } from "./images";

describe("seed pictures", () => {
  it("are never seen half-written by another seeding at once, and leave nothing behind", async () => {
    const key = `seed-race-${process.pid}`;
    const webp = assetFilePath(key, "webp");
    const jpg = assetFilePath(key, "jpg");
    try {
      for (let round = 0; round < 6; round++) {
        rmSync(webp, { force: true });
        rmSync(jpg, { force: true });
        // One seeding renders the picture while others, as test workers do, find it and read it.
        let rendering = true;
        const written = Promise.all(
          Array.from({ length: 4 }, () => renderProductImage(key, "tshirt", ["#224466", "#ddeeff"], round % 3)),
        ).finally(() => {
          rendering = false;
        });
        const readers: Promise<unknown>[] = [];
        while (rendering) {
          if (existsSync(webp) && readers.length < 40) readers.push(sharp(webp).metadata());
          await new Promise((resolve) => setImmediate(resolve));
        }
        for (const { webpSize } of await written) expect(webpSize).toBeGreaterThan(0);
        await Promise.all(readers);
      }
      expect(readdirSync(assetsDir()).filter((name) => name.startsWith(key) && name.endsWith(".tmp"))).toEqual([]);
    } finally {
      rmSync(webp, { force: true });
      rmSync(jpg, { force: true });
    }
  });
});
