import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/server/config/env";
import { db } from "~/server/db/client";
import { fileStore } from "~/server/storage/file-store";
import { customerIdOf } from "../../../tests/support/accounts";
import { apiClient } from "../../../tests/support/api";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { signedInOwner } from "../../../tests/support/staff";
import { picture, pngBomb, type UploadPart, uploadRequest } from "../../../tests/support/uploads";
import { displayName, uploadFile } from "./asset-upload.server";
import { saveUpload, sweepExpiredUploads } from "./assets.server";

async function signedIn(email: string, password: string) {
  const client = apiClient("203.0.113.60");
  expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
  return client;
}
const editor = () => signedIn("editor@vitrine.test", "Vitrine-editor-1");
/** The shop's owner (an editor too), signed in once per suite: a two-factor code is accepted once. */
let owner: Promise<Client> | undefined;
const staff = () => {
  owner ??= signedInOwner("203.0.113.60");
  return owner;
};
const marie = () => signedIn("marie@vitrine.test", "Vitrine-demo-1");

type Client = Awaited<ReturnType<typeof signedIn>>;
type Uploaded = {
  name: string;
  tmpName?: string;
  width?: number;
  height?: number;
  fileType?: string;
  thumbnail_url?: string;
  Error?: string;
};

async function upload(client: Client, parts: UploadPart[], query = "", clientAddress = "203.0.113.60") {
  const response = await client.app.request(
    uploadRequest(`/api/v1/assetslibrary/assets/upload${query}`, parts, client.cookie),
    undefined,
    { clientAddress },
  );
  return {
    status: response.status,
    body: (await response.json()) as Uploaded[] & { Code?: string; Errors?: Record<string, string[]> },
  };
}

const uploadsOf = async (email: string) =>
  db()
    .selectFrom("asset_uploads as u")
    .innerJoin("customers as c", "c.id", "u.customer_id")
    .select(["u.tmp_name", "u.width", "u.height", "u.mime_type"])
    .where("c.email", "=", email)
    .execute();

describe.each(DIALECTS)("asset library on %s", (dialect) => {
  useTestDatabase(dialect, { products: 4 });
  beforeAll(() => {
    owner = undefined;
  });

  it("lets editors and the owner in; shoppers and assistants get 403 and guests 401", async () => {
    expect((await apiClient().call("GET", "/assetslibrary/folders/hierarchy")).status).toBe(401);
    expect((await (await marie()).call("GET", "/assetslibrary/folders/hierarchy")).status).toBe(403);
    expect((await (await marie()).call("POST", "/assetslibrary/folders", { ParentId: 1, Name: "Mine" })).status).toBe(
      403,
    );
    expect((await upload(await marie(), [{ name: "a.png", data: await picture(10, 10) }])).status).toBe(403);
    expect((await (await staff()).call("GET", "/assetslibrary/folders/hierarchy")).status).toBe(200);
    const assistant = await signedIn("staff@vitrine.test", "Vitrine-staff-1");
    expect((await assistant.call("GET", "/assetslibrary/folders/hierarchy")).status).toBe(403);
    expect((await (await editor()).call("GET", "/assetslibrary/folders/hierarchy")).status).toBe(200);
  });

  it("answers the folder tree from the root, one level deep by default, deeper when asked", async () => {
    const client = await editor();
    const tree = await (await client.call("GET", "/assetslibrary/folders/hierarchy")).json();
    expect(tree).toMatchObject({ Name: "Assets", ItemLevel: 0, HasChildren: true });
    expect(tree.Children.map((c: { Name: string }) => c.Name)).toEqual(["Content", "Products"]);
    const created = await (
      await client.call("POST", "/assetslibrary/folders", { ParentId: 3, Name: "Banners" })
    ).json();
    const shallow = await (await client.call("GET", "/assetslibrary/folders/hierarchy")).json();
    const content = shallow.Children.find((c: { Name: string }) => c.Name === "Content");
    expect(content).toMatchObject({ HasChildren: true, Children: [] });
    const deep = await (await client.call("GET", "/assetslibrary/folders/hierarchy?folderId=3&depth=2")).json();
    expect(deep).toMatchObject({
      FolderId: 3,
      ItemLevel: 1,
      // The seed's "News" folder (news photos) sits beside the new one, in name order.
      Children: [
        { FolderId: created.FolderId, Name: "Banners", ItemLevel: 2 },
        { Name: "News", ItemLevel: 2 },
      ],
    });
    expect((await client.call("GET", "/assetslibrary/folders/hierarchy?folderId=999999")).status).toBe(404);
    expect((await client.call("GET", "/assetslibrary/folders/hierarchy?depth=-1")).status).toBe(400);
  });

  it("creates, renames, moves and deletes folders; refuses clashes, loops and non-empty folders", async () => {
    const client = await editor();
    const make = async (ParentId: number, Name: string) =>
      (await (await client.call("POST", "/assetslibrary/folders", { ParentId, Name })).json()).FolderId as number;
    const season = await make(3, "Saison");
    const summer = await make(season, "Été");
    expect((await client.call("POST", "/assetslibrary/folders", { ParentId: 3, Name: "saison" })).status).toBe(409);
    expect((await client.call("POST", "/assetslibrary/folders", { ParentId: 3, Name: "  " })).status).toBe(400);
    expect((await client.call("POST", "/assetslibrary/folders", { ParentId: 424242, Name: "X" })).status).toBe(404);
    expect(
      (await client.call("POST", "/assetslibrary/folders/rename", { FolderId: summer, Name: "Été 2027" })).status,
    ).toBe(200);
    // Into itself or below itself: refused; the root never moves.
    expect(
      (await client.call("POST", "/assetslibrary/folders/move", { FolderId: season, ParentId: summer })).status,
    ).toBe(422);
    expect((await client.call("POST", "/assetslibrary/folders/move", { FolderId: 1, ParentId: 2 })).status).toBe(422);
    expect((await client.call("POST", "/assetslibrary/folders/move", { FolderId: season, ParentId: 2 })).status).toBe(
      200,
    );
    const levels = await db()
      .selectFrom("asset_folders")
      .select(["id", "parent_id", "item_level", "name"])
      .where("id", "in", [season, summer])
      .orderBy("id")
      .execute();
    expect(levels).toEqual([
      { id: season, parent_id: 2, item_level: 2, name: "Saison" },
      { id: summer, parent_id: season, item_level: 3, name: "Été 2027" },
    ]);
    // Not empty: refused with a message, nothing deleted.
    const refused = await client.call("POST", "/assetslibrary/folders/delete", { FolderId: season });
    expect(refused.status).toBe(409);
    expect((await refused.json()).Message).toMatch(/vide/);
    expect((await client.call("POST", "/assetslibrary/folders/delete", { FolderId: summer })).status).toBe(200);
    expect(await (await client.call("POST", "/assetslibrary/folders/delete", { FolderId: season })).json()).toEqual({
      ParentId: 2,
    });
    expect((await client.call("POST", "/assetslibrary/folders/delete", { FolderId: 1 })).status).toBe(422);
    // A folder holding assets (the seeded product photos) stays.
    expect((await client.call("POST", "/assetslibrary/folders/delete", { FolderId: 2 })).status).toBe(409);
  });

  it("uploads images re-encoded, with their size, and answers spec 000's fields", async () => {
    const client = await editor();
    const { status, body } = await upload(client, [
      { name: "photo.png", data: await picture(640, 480), type: "image/png" },
      {
        name: "notice.pdf",
        data: Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"),
        type: "application/pdf",
      },
    ]);
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({ name: "photo.png", fileType: "Image", width: 640, height: 480 });
    expect(body[0]?.tmpName).toMatch(/^tmp-[0-9a-f]{32}$/);
    expect(body[0]?.thumbnail_url).toBe(`/api/v1/assetslibrary/uploads/${body[0]?.tmpName}`);
    expect(body[1]).toMatchObject({ name: "notice.pdf", fileType: "File" });
    const preview = await client.call("GET", body[0]?.thumbnail_url?.replace("/api/v1", "") ?? "");
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/webp");
    const pdf = await client.call("GET", body[1]?.thumbnail_url?.replace("/api/v1", "") ?? "");
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename="notice.pdf"/);
    expect(pdf.headers.get("x-content-type-options")).toBe("nosniff");
    // Another editor's upload is not found.
    expect((await (await staff()).call("GET", body[0]?.thumbnail_url?.replace("/api/v1", "") ?? "")).status).toBe(404);
  });

  it("applies the EXIF orientation and strips the metadata", async () => {
    const client = await editor();
    const turned = await sharp640x480WithOrientation();
    const { body } = await upload(client, [{ name: "phone.jpg", data: turned }]);
    expect(body[0]).toMatchObject({ width: 480, height: 640 });
    const stored = await fileStore().readBuffer(uploadFile(body[0]?.tmpName ?? "", "image/webp"));
    const meta = await (await import("sharp")).default(stored).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it("refuses a hostile corpus by content, each file with its reason, storing nothing", async () => {
    const client = await editor();
    const before = (await uploadsOf("editor@vitrine.test")).length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const cases: [UploadPart, RegExp][] = [
      [{ name: "page.png", data: html, type: "image/png" }, /fichier correct/],
      [{ name: "logo.svg", data: svg, type: "image/svg+xml" }, /fichier correct/],
      [{ name: "bomb.png", data: pngBomb(), type: "image/png" }, /mégapixels/],
      [{ name: "empty.png", data: Buffer.alloc(0), type: "image/png" }, /vide/],
      [{ name: "script.js", data: Buffer.from("alert(1)"), type: "text/javascript" }, /fichier correct/],
    ];
    for (const [part, message] of cases) {
      const { status, body } = await upload(client, [part]);
      expect(status, part.name).toBe(422);
      expect(body.Code).toBe("FileRefused");
      expect(body.Errors?.[part.name]?.[0], part.name).toMatch(message);
    }
    // In an image widget a PDF is the wrong type too.
    const pdf = await upload(client, [{ name: "a.pdf", data: Buffer.from("%PDF-1.4\n%%EOF\n") }], "?fileType=Image");
    expect(pdf.body.Errors?.["a.pdf"]?.[0]).toMatch(/JPEG, PNG, WebP ou GIF/);
    expect((await uploadsOf("editor@vitrine.test")).length).toBe(before);
  });

  it("keeps a PNG/HTML polyglot only as a clean re-encoded image", async () => {
    const client = await editor();
    const polyglot = Buffer.concat([await picture(50, 40), Buffer.from("<html><script>alert(1)</script></html>")]);
    const { status, body } = await upload(client, [{ name: "poly.png", data: polyglot }]);
    expect(status).toBe(200);
    const stored = await fileStore().readBuffer(uploadFile(body[0]?.tmpName ?? "", "image/webp"));
    expect(stored.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(stored.includes(Buffer.from("<script"))).toBe(false);
  });

  it("keeps names as text only: no folders, no control characters; stored names are generated", async () => {
    const client = await editor();
    const { body } = await upload(client, [{ name: "../../etc/passwd.png", data: await picture(20, 20) }]);
    expect(body[0]?.name).toBe("passwd.png");
    expect(displayName("..\\..\\boot\u0007.ini")).toBe("boot.ini");
    expect(displayName("\u0000")).toBe("file");
    // Bidirectional controls would show "invoice\u202Efdp.exe" as "invoiceexe.pdf".
    const rtl = await upload(client, [{ name: "invoice\u202Egnp.exe\u2066.png", data: await picture(20, 20) }]);
    expect(rtl.body[0]?.name).toBe("invoicegnp.exe.png");
    const accented = await upload(client, [{ name: "été à Liège.png", data: await picture(20, 20) }]);
    expect(accented.body[0]?.name).toBe("été à Liège.png");
    // A NUL inside a part's header is a malformed body: refused whole, nothing kept.
    const before = (await uploadsOf("editor@vitrine.test")).length;
    const nul = await upload(client, [{ name: "pass\u0000wd.png", data: await picture(20, 20) }]);
    expect(nul.status).toBe(400);
    const rows = await uploadsOf("editor@vitrine.test");
    expect(rows.length).toBe(before);
    expect(rows.every((r) => /^tmp-[0-9a-f]{32}$/.test(r.tmp_name))).toBe(true);
  });

  it("refuses an oversized file, an oversized body, too many files and a body that is not multipart", async () => {
    const client = await editor();
    const big = Buffer.concat([await picture(20, 20), Buffer.alloc(11 * 1024 * 1024)]);
    const tooBig = await upload(client, [{ name: "big.png", data: big }]);
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.Errors?.["big.png"]?.[0]).toMatch(/taille maximale de 10 MB/);
    const smaller = await upload(client, [{ name: "a.png", data: await picture(300, 300) }], "?maxFileSize=1000");
    expect(smaller.body.Errors?.["a.png"]?.[0]).toMatch(/taille maximale/);
    const parts = [0, 1, 2].map((i) => ({ name: `part${i}.bin`, data: Buffer.alloc(9 * 1024 * 1024, i) }));
    expect((await upload(client, parts)).status).toBe(413);
    const many = await Promise.all(
      Array.from({ length: 11 }, async (_, i) => ({ name: `${i}.png`, data: await picture(8, 8) })),
    );
    expect((await upload(client, many)).status).toBe(413);
    expect((await client.call("POST", "/assetslibrary/assets/upload", { files: [] })).status).toBe(415);
  });

  it("takes 20 parallel uploads, each its own", async () => {
    const client = await editor();
    const data = await picture(64, 48);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => upload(client, [{ name: `p${i}.png`, data }])),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body[0]?.tmpName)).size).toBe(20);
  });

  it("refuses an image smaller than the widget's crop, with the size in px", async () => {
    const client = await editor();
    const { status, body } = await upload(
      client,
      [{ name: "small.png", data: await picture(300, 200) }],
      "?crop=400,300",
    );
    expect(status).toBe(422);
    expect(body.Errors?.["small.png"]?.[0]).toBe("L'image est trop petite. Taille minimale : 400 × 300 px");
  });

  it("crops, clamps, rotates by quarter turns, keeps the original only when asked, and says why it cannot", async () => {
    const client = await editor();
    const { body } = await upload(client, [{ name: "wide.png", data: await picture(800, 600) }], "?crop=400,300");
    const tmp = body[0]?.tmpName ?? "";
    const kept = await client.call(
      "POST",
      `/assetslibrary/croptempimg/${tmp}/-20/-5.5/600/450/400/300?keepOriginal=true`,
    );
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ width: 400, height: 300, fileType: "Image", name: "wide.png" });
    expect((await uploadsOf("editor@vitrine.test")).some((u) => u.tmp_name === tmp)).toBe(true);
    // A quarter turn first: the 800 × 600 picture stands 600 × 800.
    const turned = await client.call("POST", `/assetslibrary/croptempimg/${tmp}/0/0/600/800/300/400?rotate=90`);
    expect(await turned.json()).toMatchObject({ width: 300, height: 400 });
    // Without keepOriginal the original is gone.
    expect((await uploadsOf("editor@vitrine.test")).some((u) => u.tmp_name === tmp)).toBe(false);
    const gone = await client.call("POST", `/assetslibrary/croptempimg/${tmp}/0/0/600/800/300/400`);
    expect(gone.status).toBe(404);
    expect((await gone.json()).Error).toBeTruthy();
    // A selection smaller than the crop would enlarge: refused, with the sizes.
    const { body: again } = await upload(client, [{ name: "again.png", data: await picture(800, 600) }]);
    const small = await client.call("POST", `/assetslibrary/croptempimg/${again[0]?.tmpName}/0/0/100/75/400/300`);
    expect(small.status).toBe(422);
    expect((await small.json()).Error).toBe("L'image est trop petite. Taille minimale : 400 × 300 px");
    // Another editor cannot crop it; a bad name is no route.
    expect(
      (await (await staff()).call("POST", `/assetslibrary/croptempimg/${again[0]?.tmpName}/0/0/400/300/400/300`))
        .status,
    ).toBe(404);
    expect((await client.call("POST", "/assetslibrary/croptempimg/..%2F..%2Fetc/0/0/1/1/1/1")).status).toBe(404);
  });

  it("saves an upload as an asset once, answers it by id, and sweeps uploads left too long", async () => {
    const client = await editor();
    const { body } = await upload(client, [{ name: "keep.png", data: await picture(120, 90) }]);
    const editorId = await customerIdOf("editor@vitrine.test");
    const id = await saveUpload(body[0]?.tmpName ?? "", editorId, 3, "Keep me");
    await expect(saveUpload(body[0]?.tmpName ?? "", editorId, 3, "Twice")).rejects.toThrow("NotFound");
    const asset = await (await client.call("GET", `/assetslibrary/assets/${id}`)).json();
    expect(asset).toMatchObject({
      AssetId: id,
      Name: "Keep me",
      Width: 120,
      Height: 90,
      FileType: "Image",
      FolderId: 3,
    });
    expect(asset.Uri).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    expect((await (await marie()).call("GET", `/assetslibrary/assets/${id}`)).status).toBe(403);
    expect((await client.call("GET", "/assetslibrary/assets/99999999")).status).toBe(404);

    const { body: old } = await upload(client, [{ name: "old.png", data: await picture(30, 30) }]);
    const name = uploadFile(old[0]?.tmpName ?? "", "image/webp");
    await db()
      .updateTable("asset_uploads")
      .set({ created_at: "2020-01-01T00:00:00.000Z" })
      .where("tmp_name", "=", old[0]?.tmpName ?? "")
      .execute();
    expect(await sweepExpiredUploads()).toBeGreaterThanOrEqual(1);
    expect(await fileStore().size(name)).toBeNull();
    // The asset in use by nobody can be deleted; a product photo cannot.
    expect((await client.call("POST", "/assetslibrary/assets/delete", { AssetId: id })).status).toBe(200);
    const photo = await db().selectFrom("product_assets").select("asset_id").executeTakeFirstOrThrow();
    expect((await client.call("POST", "/assetslibrary/assets/delete", { AssetId: photo.asset_id })).status).toBe(409);
  });

  it("crops only by POST: a GET on the crop address writes nothing", async () => {
    const client = await editor();
    const { body } = await upload(client, [{ name: "get.png", data: await picture(400, 300) }]);
    const before = await uploadsOf("editor@vitrine.test");
    const path = `/assetslibrary/croptempimg/${body[0]?.tmpName}/0/0/200/150/200/150?keepOriginal=true`;
    expect((await client.call("GET", path)).status).toBe(404);
    expect(await uploadsOf("editor@vitrine.test")).toEqual(before);
    expect((await client.call("POST", path)).status).toBe(200);
    expect(await uploadsOf("editor@vitrine.test")).toHaveLength(before.length + 1);
  });

  it("limits uploads and crops per editor and per address, in the editor's language", async () => {
    process.env.ASSET_WRITES_PER_EDITOR = "3";
    process.env.ASSET_WRITES_PER_IP = "4";
    resetEnvForTests();
    // The earlier tests' uploads counted too.
    await db().deleteFrom("rate_limits").where("key", "like", "assets:%").execute();
    try {
      const client = await editor();
      const file = [{ name: "limit.png", data: await picture(300, 200) }];
      const address = "198.51.100.31";
      const first = await upload(client, file, "", address);
      expect(first.status).toBe(200);
      const tmp = first.body[0]?.tmpName;
      expect((await upload(client, file, "", address)).status).toBe(200);
      const crop = `/assetslibrary/croptempimg/${tmp}/0/0/100/100/100/100?keepOriginal=true`;
      expect((await client.call("POST", crop)).status).toBe(200);
      const refused = await upload(client, file, "", address);
      expect(refused.status).toBe(429);
      expect((refused.body as unknown as { Message: string }).Message).toMatch(/^Trop de tentatives/);
      expect((await client.call("POST", crop)).status).toBe(429);
      // Another editor from the same address (three counted there so far): one more, then it is at its limit.
      const helper = await staff();
      expect((await upload(helper, file, "", address)).status).toBe(200);
      expect((await upload(helper, file, "", address)).status).toBe(429);
      expect((await upload(helper, file, "", "198.51.100.32")).status).toBe(200);
    } finally {
      delete process.env.ASSET_WRITES_PER_EDITOR;
      delete process.env.ASSET_WRITES_PER_IP;
      resetEnvForTests();
      await db().deleteFrom("rate_limits").where("key", "like", "assets:%").execute();
    }
  });

  it("keeps the library under its quota: a full library takes no upload nor kept original, with a clear reason", async () => {
    const client = await editor();
    const { body } = await upload(client, [{ name: "quota.png", data: await picture(400, 300) }]);
    const tmp = body[0]?.tmpName ?? "";
    const editorId = await customerIdOf("editor@vitrine.test");
    const used = async () => {
      const sums = await Promise.all(
        (["assets", "asset_uploads"] as const).map((table) =>
          db()
            .selectFrom(table)
            .select((eb) => eb.fn.sum<number | string>("size").as("bytes"))
            .executeTakeFirstOrThrow(),
        ),
      );
      return sums.reduce((total, row) => total + Number(row.bytes ?? 0), 0);
    };
    const quotaMb = Math.ceil((await used()) / 1024 / 1024) + 1;
    process.env.ASSET_LIBRARY_QUOTA_MB = String(quotaMb);
    resetEnvForTests();
    const filler = async (room: number) => {
      await db().deleteFrom("asset_uploads").where("tmp_name", "=", "tmp-filler").execute();
      await db()
        .insertInto("asset_uploads")
        .values({
          tmp_name: "tmp-filler",
          customer_id: editorId,
          file_type: "File",
          mime_type: "application/pdf",
          original_file_name: "filler.pdf",
          width: 0,
          height: 0,
          size: 0,
          created_at: new Date().toISOString(),
        })
        .execute();
      const size = quotaMb * 1024 * 1024 - (await used()) - room;
      await db().updateTable("asset_uploads").set({ size }).where("tmp_name", "=", "tmp-filler").execute();
    };
    try {
      // Room for 10 bytes: the file is refused by name, with the quota.
      await filler(10);
      const tooBig = await upload(client, [{ name: "big.png", data: await picture(300, 200) }]);
      expect(tooBig.status).toBe(422);
      expect(tooBig.body.Errors?.["big.png"]?.[0]).toBe(
        `La médiathèque est pleine (${quotaMb} MB). Supprimez des fichiers inutiles ou demandez à l'exploitant d'augmenter la limite.`,
      );
      // Full: refused before reading, and a crop that would keep its original too; one that replaces it may.
      await filler(0);
      const full = await upload(client, [{ name: "big.png", data: await picture(300, 200) }]);
      expect(full.status).toBe(413);
      expect(full.body.Code).toBe("AssetLibraryFull");
      const kept = await client.call("POST", `/assetslibrary/croptempimg/${tmp}/0/0/100/100/100/100?keepOriginal=true`);
      expect(kept.status).toBe(413);
      expect((await kept.json()).Error).toMatch(/^La médiathèque est pleine/);
      expect((await client.call("POST", `/assetslibrary/croptempimg/${tmp}/0/0/100/100/100/100`)).status).toBe(200);
    } finally {
      delete process.env.ASSET_LIBRARY_QUOTA_MB;
      resetEnvForTests();
      await db().deleteFrom("asset_uploads").where("tmp_name", "=", "tmp-filler").execute();
    }
  });

  it("lists its paths in the OpenAPI document, the upload as multipart", async () => {
    const doc = await (await apiClient().call("GET", "/openapi.json")).json();
    expect(doc.paths["/api/v1/assetslibrary/assets/upload"].post.requestBody.content).toHaveProperty(
      "multipart/form-data",
    );
    expect(doc.paths).toHaveProperty("/api/v1/assetslibrary/folders/hierarchy");
    expect(doc.paths).toHaveProperty(
      "/api/v1/assetslibrary/croptempimg/{tmpName}/{x}/{y}/{w}/{h}/{cropWidth}/{cropHeight}",
    );
  });
});

async function sharp640x480WithOrientation(): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  // Stored 640 wide and 480 high, with EXIF orientation 6: a phone held upright, shown 480 × 640.
  return sharp({ create: { width: 640, height: 480, channels: 3, background: "#336699" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
