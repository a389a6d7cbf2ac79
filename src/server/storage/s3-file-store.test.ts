import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../../../tests/support/api";
import { useTestDatabase } from "../../../tests/support/db";
import { startS3 } from "../../../tests/support/s3";
import { picture, uploadRequest } from "../../../tests/support/uploads";
import { resetEnvForTests } from "../config/env";
import { db } from "../db/client";
import { renderBrandLogo, renderFrame, renderProductImage, renderScene } from "../db/seed/images";
import { copyAssets } from "./copy-assets";
import { setFileStore } from "./file-store";
import { ensureRendition } from "./renditions";
import { parseS3Url, S3FileStore, StorageUnavailable, StoredFileMissing } from "./s3-file-store";

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

describe("asset files in an S3-compatible store (s3rver)", () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    setFileStore(undefined);
    await s3?.close();
  });
  useTestDatabase("sqlite", { products: 2 });

  it("reads its location from ASSETS_S3_URL", () => {
    expect(
      parseS3Url("s3://shop-assets/prod?endpoint=http%3A%2F%2F127.0.0.1%3A9000&region=eu-west-3&forcePathStyle=true"),
    ).toEqual({
      bucket: "shop-assets",
      prefix: "prod/",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-3",
      forcePathStyle: true,
    });
    expect(() => parseS3Url("https://bucket")).toThrow();
  });

  it("shares files between processes: written by one, read, measured and removed by another", async () => {
    const [a, b] = [new S3FileStore(parseS3Url(s3.url)), new S3FileStore(parseS3Url(s3.url))];
    await a.write("tmp/upload-1.png", Buffer.from("first"));
    await a.write("asset-2.pdf", Readable.from(["streamed ", "in parts"]));
    expect(await b.size("tmp/upload-1.png")).toBe(5);
    expect((await b.readBuffer("tmp/upload-1.png")).toString()).toBe("first");
    expect(await text(b.read("asset-2.pdf"))).toBe("streamed in parts");
    await b.remove("tmp/upload-1.png");
    expect(await a.size("tmp/upload-1.png")).toBeNull();
    // Missing: null from size, a clear error from the readers; a removed file removed again is fine.
    await expect(a.readBuffer("tmp/upload-1.png")).rejects.toBeInstanceOf(StoredFileMissing);
    await expect(text(a.read("tmp/upload-1.png"))).rejects.toBeInstanceOf(StoredFileMissing);
    await a.remove("tmp/upload-1.png");
    expect(() => a.read("../escape.png")).toThrow(/invalid stored file name/);
  });

  it("takes the demo's seeded pictures (products, 360 frames, logos, scenes), none on the local disk (issue 70)", async () => {
    const local = mkdtempSync(join(tmpdir(), "vitrine-seed-local-"));
    const before = { url: process.env.ASSETS_S3_URL, dir: process.env.ASSETS_DIR };
    Object.assign(process.env, { ASSETS_S3_URL: s3.url, ASSETS_DIR: local });
    resetEnvForTests();
    setFileStore(undefined);
    try {
      const size = (await renderProductImage("seed-s3-tshirt-0", "tshirt", ["#1d1d1f"], 0)).webpSize;
      await renderFrame("seed-s3-frame-0", "tshirt", "#1d1d1f", 0);
      await renderBrandLogo("seed-s3-logo", "Atelier Nord", 120);
      await renderScene("seed-s3-scene", 30, 1, 640, 320);
      const other = new S3FileStore(parseS3Url(s3.url));
      expect(await other.size("seed-s3-tshirt-0.webp")).toBe(size);
      for (const key of ["seed-s3-tshirt-0", "seed-s3-frame-0", "seed-s3-logo", "seed-s3-scene"])
        for (const format of ["webp", "jpg"]) {
          const bytes = await other.readBuffer(`${key}.${format}`);
          expect((await sharp(bytes).metadata()).format, key).toBe(format === "jpg" ? "jpeg" : "webp");
        }
      // Seeded again (a second process's start): what the bucket holds is kept, not rendered anew.
      expect((await renderProductImage("seed-s3-tshirt-0", "tshirt", ["#1d1d1f"], 0)).webpSize).toBe(size);
      expect(readdirSync(local)).toEqual([]);
    } finally {
      for (const [name, value] of [
        ["ASSETS_S3_URL", before.url],
        ["ASSETS_DIR", before.dir],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnvForTests();
      setFileStore(undefined);
      rmSync(local, { recursive: true, force: true });
    }
  });

  it("makes a rendition in one process from an original another stored, and serves media from the store: 404 when missing, 503 when the store is down", async () => {
    const asset = await db()
      .selectFrom("assets")
      .select(["guid", "storage_key"])
      .where("mime_type", "like", "image/%")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const other = await db()
      .selectFrom("assets")
      .select(["guid"])
      .where("mime_type", "like", "image/%")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const original = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c0a080" } })
      .webp()
      .toBuffer();
    await new S3FileStore(parseS3Url(s3.url)).write(`${asset.storage_key}.webp`, original);
    // Another process: its own client on the same bucket.
    const b = new S3FileStore(parseS3Url(s3.url));
    setFileStore(b);
    const rendition = await ensureRendition(asset.storage_key, 320, "jpg");
    const made = await new S3FileStore(parseS3Url(s3.url)).readBuffer(rendition);
    expect((await sharp(made).metadata()).width).toBe(320);

    const { GET } = await import("../../pages/media/[file]");
    const serve = (file: string) => GET({ params: { file } } as never) as Promise<Response>;
    const ok = await serve(`${asset.guid}.webp`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-length")).toBe(String(original.length));
    expect(Buffer.from(await ok.arrayBuffer()).equals(original)).toBe(true);
    expect((await serve(`${other.guid}.webp`)).status).toBe(404);
    expect((await serve(`${other.guid}-w320.jpg`)).status).toBe(404);

    // Signed URLs: a redirect to the store, which answers the same bytes with the server's headers.
    process.env.ASSETS_S3_SIGNED_URL_SECONDS = "600";
    resetEnvForTests();
    try {
      const redirect = await serve(`${asset.guid}.webp`);
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get("cache-control")).toBe("private, max-age=300");
      const location = redirect.headers.get("location") as string;
      expect(location).toContain("X-Amz-Expires=600");
      const direct = await fetch(location);
      expect(direct.status).toBe(200);
      expect(direct.headers.get("content-type")).toBe("image/webp");
      expect(direct.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await direct.arrayBuffer()).equals(original)).toBe(true);
      expect(location).toMatch(/X-Amz-Signature=[0-9a-f]{64}/);
      expect((await serve(`${other.guid}.webp`)).status).toBe(404);
    } finally {
      delete process.env.ASSETS_S3_SIGNED_URL_SECONDS;
      resetEnvForTests();
    }

    // An editor's upload while the store is down: a 503 in her language, never a 500.
    const editor = apiClient("203.0.113.61");
    expect(
      (await editor.call("POST", "/security/login", { Email: "editor@vitrine.test", Password: "Vitrine-editor-1" }))
        .status,
    ).toBe(200);
    await s3.close();
    const refused = await editor.app.request(
      uploadRequest(
        "/api/v1/assetslibrary/assets/upload",
        [{ name: "photo.png", data: await picture(64, 64), type: "image/png" }],
        editor.cookie,
      ),
      undefined,
      { clientAddress: "203.0.113.61" },
    );
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(((await refused.json()) as { Code?: string }).Code).toBe("ServiceUnavailable");
    const started = Date.now();
    const down = await serve(`${asset.guid}.webp`);
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("5");
    expect(Date.now() - started).toBeLessThan(12_000);
    await expect(b.size("anything.png")).rejects.toBeInstanceOf(StorageUnavailable);
    s3 = await startS3(s3.port);
  });
});

describe("copying the assets folder into the S3 store", () => {
  it("copies every stored file under its name, sizes checked, and skips what the server never wrote", async () => {
    const s3 = await startS3();
    const dir = mkdtempSync(join(tmpdir(), "vitrine-assets-"));
    try {
      mkdirSync(join(dir, "tmp"));
      writeFileSync(join(dir, "0b5e2f1c-aaaa-4bbb-8ccc-123456789abc.webp"), Buffer.alloc(3000, 7));
      writeFileSync(join(dir, "0b5e2f1c-aaaa-4bbb-8ccc-123456789abc-w320.jpg"), "rendition");
      writeFileSync(join(dir, "tmp", "upload-9.png"), "waiting");
      writeFileSync(join(dir, "half.webp.1234.part"), "crash leftover");
      const lines: string[] = [];
      const report = await copyAssets(dir, new S3FileStore(parseS3Url(s3.url)), (line) => lines.push(line));
      expect(report).toEqual({ copied: 3, skipped: ["half.webp.1234.part"], bytes: 3000 + 9 + 7 });
      const other = new S3FileStore(parseS3Url(s3.url));
      expect(await other.size("0b5e2f1c-aaaa-4bbb-8ccc-123456789abc.webp")).toBe(3000);
      expect((await other.readBuffer("tmp/upload-9.png")).toString()).toBe("waiting");
      expect(lines.at(-1)).toBe("copied 3 files (3016 bytes); skipped 1: half.webp.1234.part");
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await s3.close();
    }
  });
});
