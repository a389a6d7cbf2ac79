import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/features/integration/integration.server";
import { db } from "~/server/db/client";
import { apiClient } from "../../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../../tests/support/db";
import { withSettings } from "../../../../tests/support/providers";
import type { ImportReport } from "./catalog-csv.server";
import { isGtin, parsePrice, parseTiers } from "./catalog-input";

const HEADER =
  "product_key,sku,ean,name.fr,name.nl,description.fr,category,brand,attribute.colour,attribute.size,colour_codes,price,tier_prices,min_qty,max_qty,step,stock.BRU,images,published";

/** A call as a PIM makes it: its token, a CSV body, no Origin, no cookie. */
function pim(token: string) {
  const client = apiClient("192.0.2.41");
  return (method: string, path: string, body?: BodyInit, type = "text/csv") =>
    client.app.request(`http://pim.example/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "Content-Type": type }) },
      ...(body === undefined ? {} : { body }),
      // A streamed body (ReadableStream) is sent as it comes.
      duplex: "half",
    } as RequestInit);
}

describe("catalogue values", () => {
  it("reads prices in euros with a dot, tiers, and GTIN check digits", () => {
    expect(parsePrice("19.9")).toBe(1990);
    expect(parsePrice("19,90")).toBeNull();
    expect(parsePrice("-5.00")).toBeNull();
    expect(parsePrice("0")).toBeNull();
    expect(parseTiers("50:9.00;10:9.50")).toEqual([
      { minQuantity: 10, amount: 950 },
      { minQuantity: 50, amount: 900 },
    ]);
    expect(parseTiers("1:9.00")).toBeNull();
    expect(isGtin("4006381333931")).toBe(true);
    expect(isGtin("4006381333932")).toBe(false);
    expect(isGtin("96385074")).toBe(true);
  });
});

describe.each(DIALECTS)("the catalogue import on %s", (dialect) => {
  let database: TestDatabase;
  let call: ReturnType<typeof pim>;
  let restore: () => void;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 12 });
    restore = withSettings({ IMPORT_MAX_MB: "2" });
    call = pim((await createApiToken("pim", ["catalog:read", "catalog:write"], "test")).token);
  });
  afterAll(async () => {
    restore();
    await database.close();
  });
  const importCsv = async (csv: string | Uint8Array, query = "", type = "text/csv") => {
    const response = await call("POST", `/admin/catalog/import${query}`, csv as BodyInit, type);
    expect(response.status).toBe(200);
    return (await response.json()) as ImportReport;
  };

  it("creates products from a CSV, shows them in each culture with a translation, and a second send changes nothing", async () => {
    const csv = [
      HEADER,
      'LIN-SHIRT,LIN-SHIRT-M,4006381333931,Chemise en lin,Linnen hemd,"Lin lavé,\nséché à l\'air",Vêtements > Chemises,Atelier Nord,Rouge,M,#c0392b,39.90,10:37.00,1,5,1,7,,true',
      "LIN-SHIRT,LIN-SHIRT-L,,Chemise en lin,Linnen hemd,,Vêtements > Chemises,Atelier Nord,Rouge,L,#c0392b,39.90,,1,5,1,0,,true",
      "CANDLE,CANDLE-STD,,Bougie parfumée,,,Maison,,,,,12.50,,,,,3,,false",
    ].join("\n");
    const dry = await importCsv(csv, "?dryRun=true");
    expect(dry).toMatchObject({ Rows: 3, Created: 3, Applied: false, ErrorCount: 0 });
    expect(
      await db().selectFrom("products").select("id").where("product_key", "=", "LIN-SHIRT").executeTakeFirst(),
    ).toBeUndefined();

    expect(await importCsv(csv)).toMatchObject({ Rows: 3, Created: 3, Updated: 0, Unchanged: 0, Applied: true });
    const product = await db()
      .selectFrom("products")
      .selectAll()
      .where("product_key", "=", "LIN-SHIRT")
      .executeTakeFirstOrThrow();
    const names = await db()
      .selectFrom("product_translations")
      .select(["culture", "name", "slug", "description"])
      .where("product_id", "=", product.id)
      .execute();
    expect(names.map((n) => n.culture).sort()).toEqual(["fr", "nl"]);
    expect(names.find((n) => n.culture === "fr")).toMatchObject({
      slug: `chemise-en-lin-${product.id}`,
      description: "Lin lavé,\nséché à l'air",
    });
    // The shop shows it at once: its variants answer in French and in Dutch, not in Spanish (no translation).
    const shop = apiClient();
    const fr = await shop.call("GET", `/catalog/products/${product.id}/productvariants?culture=fr`);
    expect(fr.status).toBe(200);
    expect((await shop.call("GET", `/catalog/products/${product.id}/productvariants?culture=nl`)).status).toBe(200);
    expect((await shop.call("GET", `/catalog/products/${product.id}/productvariants?culture=es`)).status).toBe(404);
    const history = await db()
      .selectFrom("price_history as h")
      .innerJoin("product_variants as v", "v.id", "h.variant_id")
      .select(["v.sku", "h.amount_tax_excl"])
      .where("v.product_id", "=", product.id)
      .execute();
    expect(history).toHaveLength(2);

    expect(await importCsv(csv)).toMatchObject({ Created: 0, Updated: 0, Unchanged: 3, Applied: true });
    // A new price enters the Omnibus history; the other rows stay unchanged.
    // A rename keeps the product's address.
    expect(await importCsv(csv.replaceAll("Chemise en lin", "Chemise en lin lavé"))).toMatchObject({ Updated: 2 });
    const renamed = await db()
      .selectFrom("product_translations")
      .select(["name", "slug"])
      .where("product_id", "=", product.id)
      .where("culture", "=", "fr")
      .executeTakeFirstOrThrow();
    expect(renamed).toEqual({ name: "Chemise en lin lavé", slug: `chemise-en-lin-${product.id}` });
    expect(await importCsv(csv)).toMatchObject({ Updated: 2 });
    const cheaper = csv.replace("39.90,10:37.00", "34.90,10:33.00");
    expect(await importCsv(cheaper)).toMatchObject({ Created: 0, Updated: 1, Unchanged: 2 });
    const prices = await db()
      .selectFrom("price_history as h")
      .innerJoin("product_variants as v", "v.id", "h.variant_id")
      .select("h.amount_tax_excl")
      .where("v.sku", "=", "LIN-SHIRT-M")
      .orderBy("h.id")
      .execute();
    expect(prices.map((p) => p.amount_tax_excl)).toEqual([3990, 3490]);
  });

  it("applies a file of several batches, a product whose rows come apart, and sends the same file again unchanged", async () => {
    const row = (key: string, sku: string, price: string) =>
      `${key},${sku},,Article ${key},,,Lots > Vrac,Lots,,,,${price},,,,,2,,true`;
    const lines = [HEADER];
    for (let i = 0; i < 450; i++) {
      lines.push(row(`LOT-${i}`, `LOT-${i}-A`, "3.00"));
      // LOT-3 comes back after LOT-5 (the same batch) and LOT-7 after LOT-420 (a later one).
      if (i === 5) lines.push(row("LOT-3", "LOT-3-B", "4.00"));
      if (i === 420) lines.push(row("LOT-7", "LOT-7-B", "5.00"));
    }
    const csv = lines.join("\n");
    expect(await importCsv(csv)).toMatchObject({ Rows: 452, Created: 452, ErrorCount: 0, Applied: true });
    const variants = await db()
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select(["p.product_key", "v.sku", "v.is_default"])
      .where("p.product_key", "in", ["LOT-3", "LOT-7"])
      .orderBy("v.sku")
      .execute();
    expect(variants).toEqual([
      { product_key: "LOT-3", sku: "LOT-3-A", is_default: 1 },
      { product_key: "LOT-3", sku: "LOT-3-B", is_default: 0 },
      { product_key: "LOT-7", sku: "LOT-7-A", is_default: 1 },
      { product_key: "LOT-7", sku: "LOT-7-B", is_default: 0 },
    ]);
    const lots = await db()
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("product_key", "like", "LOT-%")
      .executeTakeFirstOrThrow();
    expect(Number(lots.n)).toBe(450);
    expect(await importCsv(csv)).toMatchObject({ Created: 0, Updated: 0, Unchanged: 452, Applied: true });
    // One changed row in the last batch is the one update.
    expect(
      await importCsv(
        csv.replace(
          "LOT-449,LOT-449-A,,Article LOT-449,,,Lots > Vrac,Lots,,,,3.00",
          "LOT-449,LOT-449-A,,Article LOT-449,,,Lots > Vrac,Lots,,,,3.50",
        ),
      ),
    ).toMatchObject({
      Created: 0,
      Updated: 1,
      Unchanged: 451,
    });
  });

  it("counts what it wrote for the query planner before its commit: the first pages after it read by their indexes", async () => {
    // The planner's own belief, not a count: PostgreSQL's pg_class.reltuples, SQLite's sqlite_stat1.
    const plannerProducts = async () => {
      if (dialect === "postgres") {
        const { rows } = await sql<{
          n: number;
        }>`select reltuples as n from pg_class where oid = to_regclass('products')`.execute(db());
        return Number(rows[0]?.n);
      }
      const stats = await sql<{
        stat: string;
      }>`select stat from sqlite_stat1 where tbl = 'products' and idx = 'products_key'`
        .execute(db())
        .catch(() => ({ rows: [] }));
      return Number(stats.rows[0]?.stat.split(" ")[0]);
    };
    const lines = [HEADER];
    for (let i = 0; i < 120; i++)
      lines.push(`PLAN-${i},PLAN-${i}-A,,Plan ${i},,,Plans > Tous,Plans,,,,2.00,,,,,1,,true`);
    expect(await importCsv(lines.join("\n"))).toMatchObject({ Created: 120, Applied: true });
    const products = await db()
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(await plannerProducts()).toBe(Number(products.n));
    // The lists' order read along its index instead of sorting every product that qualifies: on
    // PostgreSQL the header menu's photo of a top category (one product among its own and its
    // children's), on SQLite the featured products (its planner reads the menu's by category).
    const categories = (await db().selectFrom("categories").select("id").execute()).map((c) => c.id);
    const listed = db().selectFrom("products as p").select("p.id").where("p.is_active", "=", 1);
    const query = (
      dialect === "postgres" ? listed.where("p.category_id", "in", categories) : listed.where("p.is_featured", "=", 1)
    )
      .orderBy("p.is_featured", "desc")
      .orderBy("p.id")
      .limit(dialect === "postgres" ? 1 : 8)
      .compile();
    const explain = dialect === "postgres" ? "explain" : "explain query plan";
    const plan = await db().executeQuery(CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]));
    expect(JSON.stringify(plan.rows)).toContain("products_in_list_order");
  });

  it("keeps nothing when the database refuses an insert of a later batch, and imports again after it", async () => {
    // A refusal only the database knows of (a trigger): it comes while the next batch is being read.
    if (dialect === "sqlite")
      await sql`create trigger refuse_boom before insert on product_variants when new.sku = 'BOOM-1-A'
        begin select raise(abort, 'refused by the database'); end`.execute(db());
    else {
      await sql`create function refuse_boom() returns trigger language plpgsql as $$
        begin if new.sku = 'BOOM-1-A' then raise exception 'refused by the database'; end if; return new; end $$`.execute(
        db(),
      );
      await sql`create trigger refuse_boom before insert on product_variants for each row execute function refuse_boom()`.execute(
        db(),
      );
    }
    const lines = [HEADER];
    for (let i = 0; i < 300; i++)
      lines.push(`BOOM-${i},BOOM-${i}-A,,Article ${i},,,Lots > Vrac,Lots,,,,3.00,,,,,2,,true`);
    const csv = lines.join("\n");
    const response = await call("POST", "/admin/catalog/import", csv, "text/csv");
    expect(response.status).toBe(500);
    const kept = await db().selectFrom("products").select("id").where("product_key", "like", "BOOM-%").execute();
    expect(kept).toEqual([]);
    if (dialect === "sqlite") await sql`drop trigger refuse_boom`.execute(db());
    else await sql`drop trigger refuse_boom on product_variants`.execute(db());
    expect(await importCsv(csv)).toMatchObject({ Created: 300, Applied: true });
  });

  it("exports what it imports: the export sent back changes nothing, and a formula comes back as text", async () => {
    const csv = `${HEADER}\nFORMULA,FORMULA-1,,"=HYPERLINK(""http://evil.example"",""x"")",,,Maison,,,,,5.00,,,,,1,,true`;
    expect(await importCsv(csv)).toMatchObject({ Created: 1, ErrorCount: 0 });
    const exported = await call("GET", "/admin/catalog/export.csv");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("text/csv");
    const text = await exported.text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text).not.toContain("PREPAID");
    const again = await importCsv(text);
    expect(again).toMatchObject({ ErrorCount: 0, Created: 0, Updated: 0, Applied: true });
    expect(again.Unchanged).toBe(again.Rows);
    const name = await db()
      .selectFrom("product_translations as t")
      .innerJoin("products as p", "p.id", "t.product_id")
      .select("t.name")
      .where("p.product_key", "=", "FORMULA")
      .where("t.culture", "=", "fr")
      .executeTakeFirstOrThrow();
    expect(name.name).toBe('=HYPERLINK("http://evil.example","x")');
  });

  it("refuses a file with any error whole, names each row and column in the caller's language, and applies the rest with partial=true", async () => {
    const { sku: demoSku } = await db()
      .selectFrom("product_variants")
      .select("sku")
      .where("product_id", "=", 1)
      .executeTakeFirstOrThrow();
    const csv = [
      HEADER,
      "BAD-1,BAD-1-A,,Article un,,,Maison,,,,,-4.00,,,,,1,,true",
      "BAD-2,BAD-2-A,123,Article deux,,,Maison,,,,,4.00,,,,,1,,true",
      "BAD-3,BAD-1-A,,Article trois,,,Maison,,,,,4.00,,,,,1,,true",
      "GOOD-1,GOOD-1-A,,Article bon,,,Maison,,,,,4.00,,,,,1,,true",
      `BAD-4,${demoSku},,Vol de SKU,,,Maison,,,,,4.00,,,,,1,,true`,
    ].join("\n");
    const response = await call("POST", "/admin/catalog/import?culture=nl", csv);
    const report = (await response.json()) as ImportReport;
    expect(report).toMatchObject({ Applied: false, Created: 0 });
    const where = report.Errors.map((e) => [e.Row, e.Column]);
    expect(where).toEqual(
      expect.arrayContaining([
        [2, "price"],
        [3, "ean"],
        [4, "sku"],
        [6, "sku"],
      ]),
    );
    expect(report.Errors.find((e) => e.Row === 4)?.Message).toBe("Deze SKU staat al op rij 2.");
    expect(
      await db().selectFrom("products").select("id").where("product_key", "=", "GOOD-1").executeTakeFirst(),
    ).toBeUndefined();

    const partial = await importCsv(csv, "?partial=true");
    expect(partial).toMatchObject({ Applied: true, Created: 1, ErrorCount: 4 });
    expect(
      await db().selectFrom("products").select("id").where("product_key", "=", "GOOD-1").executeTakeFirst(),
    ).toBeDefined();
    const stolen = await db()
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select("p.product_key")
      .where("v.sku", "=", demoSku)
      .executeTakeFirstOrThrow();
    expect(stolen.product_key).toBe("VT-00001");
  });

  it("reads Latin-1, a BOM, semicolons and quoted newlines; refuses unknown and missing columns by name", async () => {
    const latin = Buffer.from(`product_key;sku;name.fr;price\nLATIN;LATIN-1;Crème brûlée;3.50\n`, "latin1");
    expect(await importCsv(latin)).toMatchObject({ Created: 1, ErrorCount: 0 });
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('product_key,sku,name.fr,price\nBOM,BOM-1,"Été\nindien",3.50\n'),
    ]);
    expect(await importCsv(bom)).toMatchObject({ Created: 1, ErrorCount: 0 });
    const names = await db()
      .selectFrom("product_translations as t")
      .innerJoin("products as p", "p.id", "t.product_id")
      .select(["p.product_key", "t.name"])
      .where("p.product_key", "in", ["LATIN", "BOM"])
      .where("t.culture", "=", "fr")
      .orderBy("p.product_key")
      .execute();
    expect(names).toEqual([
      { product_key: "BOM", name: "Été\nindien" },
      { product_key: "LATIN", name: "Crème brûlée" },
    ]);
    const unknown = await importCsv("product_key,sku,name.fr,prix,colour\nX,X-1,Y,3.00,red\n");
    expect(unknown.Errors.map((e) => e.Column)).toEqual(["prix", "colour", "price"]);
    expect(unknown.Errors[0]?.Message).toBe("Colonne inconnue : prix.");
    expect(unknown.Errors[2]?.Message).toBe("Colonne obligatoire absente : price.");
    const broken = await importCsv('product_key,sku,name.fr,price\nQ,Q-1,"unclosed,3.00\n');
    expect(broken.ErrorCount).toBe(1);
    expect(broken.Applied).toBe(false);
  });

  it("reads Excel's Unicode text (UTF-16 with its BOM, tabs), and refuses a UTF-8 file with a stray byte by its row", async () => {
    const text = "product_key\tsku\tname.fr\tprice\nUTF16\tUTF16-1\tŒuvre à côté\t4.20\n";
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    expect(await importCsv(le)).toMatchObject({ Created: 1, ErrorCount: 0 });
    const be = Buffer.from(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.replaceAll("UTF16", "UTF16BE"), "utf16le")]),
    );
    be.swap16();
    expect(await importCsv(be)).toMatchObject({ Created: 1, ErrorCount: 0 });
    const names = await db()
      .selectFrom("product_translations as t")
      .innerJoin("products as p", "p.id", "t.product_id")
      .select("t.name")
      .where("p.product_key", "in", ["UTF16", "UTF16BE"])
      .where("t.culture", "=", "fr")
      .execute();
    expect(names.map((n) => n.name)).toEqual(["Œuvre à côté", "Œuvre à côté"]);
    // UTF-8 names, and on row 3 one Latin-1 byte: refused there in the caller's language, nothing kept.
    const stray = Buffer.concat([
      Buffer.from("product_key,sku,name.fr,price\nSTRAY,STRAY-1,Été indien,3.50\nSTRAY2,STRAY2-1,Cr"),
      Buffer.from([0xe8]),
      Buffer.from("me,3.50\n"),
    ]);
    const refused = await importCsv(stray);
    expect(refused).toMatchObject({ Applied: false, ErrorCount: 1 });
    expect(refused.Errors[0]).toMatchObject({ Row: 3 });
    expect(refused.Errors[0]?.Message).toBe(
      "Le fichier n'est plus lisible en UTF-8 à partir d'ici : enregistrez-le en UTF-8.",
    );
    expect(
      await db().selectFrom("products").select("id").where("product_key", "in", ["STRAY", "STRAY2"]).execute(),
    ).toEqual([]);
  });

  it("takes apparel's gender and age group as columns, Google's values only, and exports them", async () => {
    const ok = await importCsv(
      "product_key,sku,name.fr,price,gender,age_group\nKIDS-TEE,KIDS-TEE-1,T-shirt enfant,9.90,Unisex,kids\n",
    );
    expect(ok).toMatchObject({ Created: 1, ErrorCount: 0 });
    expect(
      await db()
        .selectFrom("products")
        .select(["gender", "age_group"])
        .where("product_key", "=", "KIDS-TEE")
        .executeTakeFirst(),
    ).toEqual({ gender: "unisex", age_group: "kids" });
    const bad = await importCsv(
      "product_key,sku,name.fr,price,gender,age_group\nKIDS-TEE,KIDS-TEE-1,T-shirt enfant,9.90,girls,teen\n",
    );
    expect(bad.Errors.map((e) => [e.Row, e.Column])).toEqual([
      [2, "gender"],
      [2, "age_group"],
    ]);
    expect(bad.Errors[0]?.Message).toBe("Valeur inconnue : choisissez parmi male, female, unisex.");
    const exported = await (await call("GET", "/admin/catalog/export.csv")).text();
    const [header, ...lines] = exported.trim().split("\n");
    const columns = (header ?? "").split(",");
    const kids = lines.find((l) => l.startsWith("KIDS-TEE,"))?.split(",") ?? [];
    expect([kids[columns.indexOf("gender")], kids[columns.indexOf("age_group")]]).toEqual(["unisex", "kids"]);
  });

  it("stops a file past IMPORT_MAX_MB, or one endless cell, with nothing kept", async () => {
    const big = `product_key,sku,name.fr,price\n${"A,".repeat(1_200_000)}`;
    const refused = await call("POST", "/admin/catalog/import", big);
    expect(refused.status).toBe(413);
    const endless = `product_key,sku,name.fr,price\nE,E-1,"${"x".repeat(600_000)}",1.00\n`;
    const report = await importCsv(endless);
    expect(report).toMatchObject({ Applied: false, ErrorCount: 1 });
  });

  it("reads a 50 MB upload as it streams: an endless cell stops it after a few megabytes, nothing kept", async () => {
    const stop = withSettings({ IMPORT_MAX_MB: "100" });
    try {
      let megabytes = 0;
      const megabyte = new Uint8Array(1024 * 1024).fill(120);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('product_key,sku,name.fr,price\nHUGE,HUGE-1,"'));
        },
        pull(controller) {
          if (megabytes === 50) {
            controller.enqueue(new TextEncoder().encode('",1.00\n'));
            controller.close();
            return;
          }
          megabytes++;
          controller.enqueue(megabyte);
        },
      });
      const report = await importCsv(body as unknown as Uint8Array);
      expect(report).toMatchObject({ Applied: false, ErrorCount: 1, Created: 0 });
      expect(megabytes).toBeLessThan(10);
    } finally {
      stop();
    }
  });

  it("answers 401 without a token, 403 to a token without catalog:write and to an editor, 415 to JSON", async () => {
    const reader = pim((await createApiToken("reader", ["catalog:read"], "test")).token);
    expect((await reader("POST", "/admin/catalog/import", "product_key,sku,name.fr,price\n")).status).toBe(403);
    const guest = apiClient();
    expect((await guest.call("GET", "/admin/catalog/export.csv")).status).toBe(401);
    expect((await call("POST", "/admin/catalog/import", "{}", "application/json")).status).toBe(415);
    const editor = apiClient("203.0.113.90");
    await editor.call("POST", "/security/login", { Email: "editor@vitrine.test", Password: "Vitrine-editor-1" });
    expect((await editor.call("GET", "/admin/catalog/export.csv")).status).toBe(403);
  });
});
