import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_FOLDER } from "~/features/assets/asset-import.server";
import { createApiToken } from "~/features/integration/integration.server";
import { db } from "~/server/db/client";
import { fileStore } from "~/server/storage/file-store";
import { apiClient, tokenCaller } from "../../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../../tests/support/db";
import { withSettings } from "../../../../tests/support/providers";
import type { ImportReport } from "./catalog-csv.server";

const HEADER = "product_key,sku,name.fr,category,price,stock.BRU,images";

/**
 * A supplier's image server on this machine: a photo, one behind a redirect, a slow one, one too large,
 * a page that says it is a PNG, a missing one. It counts what it is asked.
 */
async function photoServer() {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c0392b" } })
    .jpeg()
    .toBuffer();
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(request.url ?? "");
    if (request.url === "/red.jpg" || request.url === "/other/red.jpg")
      response.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
    else if (request.url === "/moved.jpg") response.writeHead(302, { location: "/red.jpg" }).end();
    else if (request.url === "/slow.jpg") setTimeout(() => response.writeHead(200).end(photo), 1_500);
    else if (request.url === "/huge.jpg") {
      // No Content-Length: the limit is found while reading.
      response.writeHead(200, { "content-type": "image/jpeg" });
      response.write(photo);
      response.end(Buffer.alloc(11 * 1024 * 1024));
    } else if (request.url === "/page.png")
      response.writeHead(200, { "content-type": "image/png" }).end("<html><body>not a photo</body></html>");
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    hits,
    photo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(DIALECTS)("photos by address or by file in the catalogue import on %s", (dialect) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof photoServer>>;
  let token: string;
  let call: ReturnType<typeof tokenCaller>;
  let restore: () => void;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 2 });
    server = await photoServer();
    restore = withSettings({ IMAGE_FETCH_TIMEOUT_MS: "500" });
    token = (await createApiToken("pim", ["catalog:read", "catalog:write"], "test")).token;
    call = tokenCaller(token, "pim.example");
  });
  afterAll(async () => {
    restore();
    await server.close();
    await database.close();
  });

  const post = async (body: BodyInit, type: string | null, query = "") => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (type) headers["Content-Type"] = type;
    const response = await apiClient("192.0.2.41").app.request(
      `http://pim.example/api/v1/admin/catalog/import${query}`,
      { method: "POST", headers, body },
    );
    expect(response.status).toBe(200);
    return (await response.json()) as ImportReport;
  };
  const imagesOf = async (key: string) => {
    const answer = (await (await call("GET", `/admin/catalog/products/${key}`)).json()) as { Images: number[] };
    return answer.Images;
  };
  const asset = (id: number) =>
    db()
      .selectFrom("assets as a")
      .innerJoin("asset_folders as f", "f.id", "a.folder_id")
      .select(["a.name", "a.mime_type", "a.width", "a.height", "a.storage_key", "a.source_url", "f.name as folder"])
      .where("a.id", "=", id)
      .executeTakeFirstOrThrow();
  const assetCount = async () =>
    Number((await db().selectFrom("assets").select(db().fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  it("fetches a photo by its address once, re-encodes it into the library's Imports folder and the store, and a second import fetches nothing", async () => {
    const csv = [
      HEADER,
      `PHOTO-A,PHOTO-A-1,Pull rouge,Pulls,29.90,4,${server.url("/red.jpg")};${server.url("/moved.jpg")}`,
    ];
    const report = await post(csv.join("\n"), "text/csv");
    expect(report).toMatchObject({ Created: 1, ErrorCount: 0, Applied: true });
    const images = await imagesOf("PHOTO-A");
    // The redirect leads to another address: two assets, in the order the row gives them.
    expect(images).toHaveLength(2);
    const first = await asset(images[0] as number);
    expect(first).toMatchObject({
      name: "red.jpg",
      mime_type: "image/webp",
      width: 64,
      height: 48,
      folder: IMPORT_FOLDER,
      source_url: server.url("/red.jpg"),
    });
    // Both renditions are in the configured store, re-encoded (no JPEG bytes kept as sent).
    const webp = await fileStore().readBuffer(`${first.storage_key}.webp`);
    expect(webp.subarray(8, 12).toString()).toBe("WEBP");
    expect(await fileStore().size(`${first.storage_key}.jpg`)).toBeGreaterThan(0);

    const fetched = server.hits.length;
    const again = await post(csv.join("\n"), "text/csv");
    expect(again).toMatchObject({ Unchanged: 1, ErrorCount: 0 });
    expect(server.hits.length).toBe(fetched);
    expect(await imagesOf("PHOTO-A")).toEqual(images);
  });

  it("refuses each photo that cannot be fetched or is no image, naming its row and column in the caller's language, and keeps no file", async () => {
    const before = await assetCount();
    const csv = [
      HEADER,
      `PHOTO-B,PHOTO-B-1,Pull B,Pulls,29.90,4,${server.url("/missing.jpg")}`,
      `PHOTO-C,PHOTO-C-1,Pull C,Pulls,29.90,4,${server.url("/slow.jpg")}`,
      `PHOTO-D,PHOTO-D-1,Pull D,Pulls,29.90,4,${server.url("/huge.jpg")}`,
      `PHOTO-E,PHOTO-E-1,Pull E,Pulls,29.90,4,${server.url("/page.png")}`,
      "PHOTO-F,PHOTO-F-1,Pull F,Pulls,29.90,4,ftp://files.example/red.jpg",
      `PHOTO-G,PHOTO-G-1,Pull G,Pulls,29.90,4,http://127.0.0.1:1/red.jpg`,
      `PHOTO-H,PHOTO-H-1,Pull H,Pulls,29.90,4,${server.url("/other/red.jpg")}`,
    ].join("\n");
    const started = Date.now();
    const report = await post(csv, "text/csv");
    // The slow photo is given up after IMAGE_FETCH_TIMEOUT_MS, not waited for.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(report.Applied).toBe(false);
    expect(report.Errors.map((e) => [e.Row, e.Column])).toEqual([
      [2, "images"],
      [3, "images"],
      [4, "images"],
      [5, "images"],
      [6, "images"],
      [7, "images"],
    ]);
    const [missing, slow, huge, page, , closed] = report.Errors.map((e) => e.Message);
    expect(missing).toBe(`${server.url("/missing.jpg")} : le serveur a répondu 404 au lieu de la photo.`);
    expect(slow).toContain("pas de réponse en 1 s");
    expect(huge).toContain("la photo dépasse 10 MB");
    expect(page).toContain("ce n'est pas une image JPEG, PNG, WebP ou GIF lisible");
    expect(closed).toContain("le serveur ne peut pas être joint");
    // An ftp address is not an address the import fetches: it is a library path, and there is none.
    expect(report.ErrorCount).toBe(6);
    // Nothing was applied: the good photo of row 8 is neither an asset nor a file in the store.
    expect(await assetCount()).toBe(before);
    const de = await (
      await apiClient("192.0.2.41").app.request("http://pim.example/api/v1/admin/catalog/import", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv", "Accept-Language": "de" },
        body: [HEADER, `PHOTO-B,PHOTO-B-1,Pull B,Pulls,29.90,4,${server.url("/missing.jpg")}`].join("\n"),
      })
    ).json();
    expect(de.Errors[0].Message).toContain("Der Server antwortete 404 statt des Fotos");

    // partial=true keeps the rows without an error, with their photo.
    const partial = await post(csv, "text/csv", "?partial=true");
    expect(partial).toMatchObject({ Applied: true, Created: 1 });
    expect(await imagesOf("PHOTO-H")).toHaveLength(1);
  });

  it("takes photos sent as files with the CSV, named by their file name, and refuses a file that is no image by its row", async () => {
    const form = new FormData();
    form.append("photos", new Blob([new Uint8Array(server.photo)], { type: "image/jpeg" }), "pull-bleu.jpg");
    form.append("photos", new Blob(["%PDF-1.4 not a photo"], { type: "image/jpeg" }), "faux.jpg");
    form.append(
      "file",
      new Blob(
        [
          [
            HEADER,
            "PHOTO-I,PHOTO-I-1,Pull I,Pulls,29.90,4,pull-bleu.jpg",
            "PHOTO-J,PHOTO-J-1,Pull J,Pulls,29.90,4,faux.jpg",
          ].join("\n"),
        ],
        { type: "text/csv" },
      ),
      "catalogue.csv",
    );
    const report = await post(form, null, "?partial=true");
    expect(report.Errors).toEqual([
      { Row: 3, Column: "images", Message: "faux.jpg : ce n'est pas une image JPEG, PNG, WebP ou GIF lisible." },
    ]);
    const [id] = await imagesOf("PHOTO-I");
    expect(await asset(id as number)).toMatchObject({ name: "pull-bleu.jpg", folder: IMPORT_FOLDER, source_url: null });
  });

  it("takes a photo's address in a product PUT, fetched before its transaction; a failure names the field", async () => {
    const product = (images: string[]) => ({
      Names: { fr: "Écharpe" },
      Images: images,
      Variants: [{ Sku: "PHOTO-K-1", Price: 1990 }],
    });
    const put = await call("PUT", "/admin/catalog/products/PHOTO-K", product([server.url("/red.jpg")]));
    expect(put.status).toBe(200);
    const [id] = await imagesOf("PHOTO-K");
    // The address fetched by the first import: the same asset.
    expect((await asset(id as number)).source_url).toBe(server.url("/red.jpg"));
    const refused = await call("PUT", "/admin/catalog/products/PHOTO-K", product([server.url("/gone.jpg")]));
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(JSON.stringify(body)).toContain("le serveur a répondu 404");
    expect(await imagesOf("PHOTO-K")).toEqual([id]);
  });

  it.runIf(dialect === "sqlite")(
    "takes a folder's photos from the command line (--photos), never a file outside the folder",
    async () => {
      const folder = mkdtempSync(join(tmpdir(), "vitrine-photos-"));
      writeFileSync(join(folder, "pull-vert.jpg"), server.photo);
      writeFileSync(join(tmpdir(), "outside.jpg"), server.photo);
      const csv = join(folder, "catalogue.csv");
      writeFileSync(
        csv,
        [
          HEADER,
          "PHOTO-O,PHOTO-O-1,Pull O,Pulls,29.90,4,pull-vert.jpg",
          "PHOTO-P,PHOTO-P-1,Pull P,Pulls,29.90,4,../outside.jpg",
        ].join("\n"),
      );
      const run = spawnSync(
        process.execPath,
        ["--import", "tsx", "src/server/db/admin.ts", "import", csv, "--partial", "--photos", folder],
        { env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "test" }, encoding: "utf8", timeout: 60_000 },
      );
      expect(run.stdout).toContain("1 created");
      expect(run.stdout).toMatch(/row 3, images: .*\.\.\/outside\.jpg/);
      const [id] = await imagesOf("PHOTO-O");
      const saved = await asset(id as number);
      expect(saved).toMatchObject({ name: "pull-vert.jpg", folder: IMPORT_FOLDER });
      expect(await fileStore().size(`${saved.storage_key}.webp`)).toBeGreaterThan(0);
    },
    60_000,
  );

  it("on a public shop, refuses addresses inside the network, by name or by number, without asking them", async () => {
    const restorePublic = withSettings({
      SITE_URL: "https://pim.example",
      PAYMENT_HMAC_KEY: "ab".repeat(16),
      MAIL_FROM: "Shop <shop@pim.example>",
      SHOP_EMAIL: "orders@pim.example",
    });
    try {
      const hits = server.hits.length;
      const csv = [
        HEADER,
        `PHOTO-L,PHOTO-L-1,Pull L,Pulls,29.90,4,${server.url("/never-asked.jpg")}`,
        // localhost is a name: refused once it resolves to a loopback address.
        `PHOTO-M,PHOTO-M-1,Pull M,Pulls,29.90,4,http://localhost:${server.port}/red.jpg`,
        "PHOTO-N,PHOTO-N-1,Pull N,Pulls,29.90,4,http://169.254.169.254/latest/meta-data/",
      ].join("\n");
      const report = await post(csv, "text/csv");
      expect(report.Errors.map((e) => e.Row)).toEqual([2, 3, 4]);
      for (const error of report.Errors) expect(error.Message).toContain("cette adresse ne peut pas être lue");
      expect(server.hits.length).toBe(hits);
    } finally {
      restorePublic();
    }
  });
});
