import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/features/integration/integration.server";
import { tokenCaller } from "../../../../tests/support/api";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/db";

/** A new shop's first import: the template, filled in as it comes. */
describe("the catalogue template on an empty shop", () => {
  let database: TestDatabase;
  let call: ReturnType<typeof tokenCaller>;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    call = tokenCaller((await createApiToken("pim", ["catalog:read", "catalog:write"], "test")).token);
  });
  afterAll(() => database.close());

  it("imports as it is: its example product with two sizes a shopper can choose between, and their stock", async () => {
    expect((await call("PUT", "/admin/catalog/warehouses/BRU", { Name: "Atelier", City: "Bruxelles" })).status).toBe(
      200,
    );
    const template = await call("GET", "/admin/catalog/template.csv");
    expect(template.status).toBe(200);
    const csv = await template.text();
    expect(csv.split("\n")[0]).toContain("attribute.colour,attribute.size,stock.BRU,images,published");
    const imported = await call("POST", "/admin/catalog/import", csv, "text/csv");
    expect(await imported.json()).toMatchObject({ Rows: 2, Created: 2, ErrorCount: 0, Applied: true });
    const product = await (await call("GET", "/admin/catalog/products/TSHIRT-ORGANIC")).json();
    expect(
      product.Variants.map((v: { Sku: string; Attributes: Record<string, string>; Stock: Record<string, number> }) => [
        v.Sku,
        v.Attributes,
        v.Stock,
      ]),
    ).toEqual([
      ["TSHIRT-ORGANIC-RED-M", { colour: "Rouge", size: "M" }, { BRU: 12 }],
      ["TSHIRT-ORGANIC-RED-L", { colour: "Rouge", size: "L" }, { BRU: 4 }],
    ]);
    // `colour`, new, shows its values as swatches; `size` as a list.
    const { Attributes } = await (await call("GET", "/admin/catalog/attributes")).json();
    expect(Attributes.map((a: { Code: string; Display: string }) => [a.Code, a.Display])).toEqual([
      ["colour", "Square"],
      ["size", "Select"],
    ]);
    // Named in each language, not "Colour" on a French page.
    expect(Attributes[0].Names).toEqual({
      fr: "Couleur",
      nl: "Kleur",
      es: "Color",
      de: "Farbe",
      it: "Colore",
      pt: "Cor",
    });
    expect(Attributes[1].Names).toMatchObject({ fr: "Taille", nl: "Maat", de: "Größe" });
  });

  it("shows another attribute as swatches once the merchant says so, and names the field of colour codes without one", async () => {
    const product = (attributes: Record<string, string>) => ({
      Names: { fr: "Écharpe" },
      Variants: [{ Sku: "SCARF-1", Price: 2500, Attributes: attributes, ColourCodes: ["#1f3a5f"] }],
    });
    const refused = await call("PUT", "/admin/catalog/products/SCARF?culture=nl", product({ kleur: "Marine" }));
    expect(refused.status).toBe(400);
    const refusal = await refused.json();
    expect(refusal.Errors["Variants.0.ColourCodes"]).toEqual([
      'Kleurcodes vragen een waarde van een attribuut dat als kleurvakjes wordt getoond (attribute.colour, of Display "Square").',
    ]);
    const kleur = await call("PUT", "/admin/catalog/attributes/kleur", {
      Names: { fr: "Couleur", nl: "Kleur" },
      Display: "Square",
    });
    expect(await kleur.json()).toMatchObject({ Code: "kleur", Display: "Square" });
    expect((await call("PUT", "/admin/catalog/products/SCARF", product({ kleur: "Marine" }))).status).toBe(200);
    const read = await (await call("GET", "/admin/catalog/products/SCARF")).json();
    expect(read.Variants[0]).toMatchObject({ Attributes: { kleur: "Marine" }, ColourCodes: ["#1f3a5f"] });
    // Back to a list: the picker shows a select; the codes stay for a later change back.
    expect(
      await (await call("PUT", "/admin/catalog/attributes/kleur", { Names: {}, Display: "Select" })).json(),
    ).toMatchObject({
      Display: "Select",
    });
  });
});
