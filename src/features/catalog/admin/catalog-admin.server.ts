import { ImageImport } from "~/features/assets/asset-import.server";
import type { AdminActor } from "~/features/integration/integration";
import { audit } from "~/features/integration/integration.server";
import { CULTURES, type Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { slugify } from "~/lib/slug";
import { database, db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { type AttributeBody, type CategoryBody, type ProductBody, SWATCH_ATTRIBUTE } from "./catalog-admin.schemas";
import { isGtin, type ProductInput } from "./catalog-input";
import { CatalogWriter, lockCatalogue, newAttributeName, refusedFields, variantValues } from "./catalog-writer.server";

/** Creates or updates one product by its key (integration API); answers what happened to each variant. */
export async function upsertProduct(actor: AdminActor, key: string, body: ProductBody, culture: Culture) {
  const t = translator(culture);
  const eans = body.Variants.map((v, i) => [i, v.Ean] as const).filter(([, ean]) => ean && !isGtin(ean));
  if (eans.length > 0)
    throw new ApiError(
      "ValidationFailed",
      Object.fromEntries(eans.map(([i]) => [`Variants.${i}.Ean`, [t("Import.Ean")]])),
    );
  // A sale's end is to come: one already past would give the price back at once.
  const ended = body.Variants.map((v, i) => [i, v.SaleEndsAt] as const).filter(
    ([, end]) => end && Date.parse(end) <= Date.now(),
  );
  if (ended.length > 0)
    throw new ApiError(
      "ValidationFailed",
      Object.fromEntries(ended.map(([i]) => [`Variants.${i}.SaleEndsAt`, [t("Import.SaleEnded")]])),
    );
  const skus = body.Variants.map((v) => v.Sku);
  const twice = skus.findIndex((sku, i) => skus.indexOf(sku) !== i);
  if (twice >= 0)
    throw new ApiError("ValidationFailed", {
      [`Variants.${twice}.Sku`]: [t("Import.DuplicateSku", { row: skus.indexOf(skus[twice] as string) + 1 })],
    });
  const input: ProductInput = {
    key,
    row: 0,
    names: body.Names,
    descriptions: body.Descriptions ?? {},
    category: body.Category,
    brand: body.Brand,
    published: body.Published,
    images: body.Images?.map(String),
    unit:
      body.Unit === undefined
        ? undefined
        : body.Unit && { measure: body.Unit.Measure, contentMilli: body.Unit.ContentMilli },
    gender: body.Gender,
    ageGroup: body.AgeGroup,
    vatClass: body.VatClass,
    tags: body.Tags,
    related: body.Related,
    variants: body.Variants.map((v, i) => ({
      row: i + 1,
      sku: v.Sku,
      ean: v.Ean,
      saleEndsAt:
        v.SaleEndsAt === undefined || v.SaleEndsAt === null ? v.SaleEndsAt : new Date(v.SaleEndsAt).toISOString(),
      attributes: v.Attributes ?? {},
      colourCodes: v.ColourCodes,
      price: v.Price,
      tiers: v.Tiers?.map((tier) => ({ minQuantity: tier.MinQuantity, amount: tier.Amount })),
      minQuantity: v.MinQuantity,
      maxQuantity: v.MaxQuantity,
      step: v.Step,
      stock: v.Stock ?? {},
    })),
  };
  // Photos by address are fetched before the transaction: the catalogue's lock is not held meanwhile.
  const photos = new ImageImport();
  await Promise.all((input.images ?? []).filter((i) => photos.handles(i)).map((i) => photos.prepare(i, db())));
  const handle = database();
  return handle.db
    .transaction()
    .execute(async (trx) => {
      await lockCatalogue(trx, handle.dialect);
      const writer = await CatalogWriter.open(trx, photos);
      const outcome = await writer.apply(input);
      if (outcome.errors.length > 0) {
        throw new ApiError("ValidationFailed", refusedFields(outcome.errors, t));
      }
      const changed = outcome.rows.some((r) => r.outcome !== "unchanged");
      if (changed) await audit(actor, "product.upsert", `product:${key}`, body, trx);
      return {
        ProductId: outcome.productId as number,
        Variants: outcome.rows.map((r) => ({ Sku: input.variants[r.row - 1]?.sku as string, Outcome: r.outcome })),
      };
    })
    .catch(async (error: unknown) => {
      await photos.discard();
      throw error;
    });
}

/** A product by its key, in the shape `upsertProduct` takes (French attribute value names). */
export async function productByKey(key: string) {
  const d = db();
  const product = await d
    .selectFrom("products as p")
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .select([
      "p.id",
      "p.category_id",
      "p.is_active",
      "p.unit_measure",
      "p.unit_content_milli",
      "p.gender",
      "p.age_group",
      "p.vat_class",
      "b.name as brand",
    ])
    .where("p.product_key", "=", key)
    .where("p.vat_class", "!=", "none")
    .executeTakeFirst();
  if (!product) return undefined;
  const writer = await CatalogWriter.open(d);
  const texts = await d.selectFrom("product_translations").selectAll().where("product_id", "=", product.id).execute();
  const variants = await d
    .selectFrom("product_variants")
    .selectAll()
    .where("product_id", "=", product.id)
    .orderBy("id")
    .execute();
  const ids = variants.map((v) => v.id);
  const values = await variantValues(d, ids);
  const prices = await d
    .selectFrom("prices")
    .selectAll()
    .where("variant_id", "in", ids)
    .orderBy("min_quantity")
    .execute();
  const stock = await d
    .selectFrom("stock as s")
    .innerJoin("warehouses as w", "w.id", "s.warehouse_id")
    .select(["s.variant_id", "w.code", "s.quantity"])
    .where("s.variant_id", "in", ids)
    .execute();
  const images = await d
    .selectFrom("product_assets")
    .select("asset_id")
    .where("product_id", "=", product.id)
    .orderBy("position")
    .execute();
  const tags = await d
    .selectFrom("product_tags as pt")
    .innerJoin("tags as t", "t.id", "pt.tag_id")
    .select("t.code")
    .where("pt.product_id", "=", product.id)
    .execute();
  const related = await d
    .selectFrom("product_relations as r")
    .innerJoin("products as p", "p.id", "r.related_product_id")
    .select("p.product_key")
    .where("r.product_id", "=", product.id)
    .orderBy("r.position")
    .execute();
  const byCulture = (field: "name" | "description") =>
    Object.fromEntries(texts.map((x) => [x.culture, x[field]])) as Partial<Record<Culture, string>>;
  return {
    Key: key,
    Names: byCulture("name"),
    Descriptions: byCulture("description"),
    Category: writer.categoryPath(product.category_id),
    Brand: product.brand,
    Published: product.is_active === 1,
    Images: images.map((i) => i.asset_id),
    Unit: product.unit_measure ? { Measure: product.unit_measure, ContentMilli: product.unit_content_milli } : null,
    Gender: product.gender,
    AgeGroup: product.age_group,
    VatClass: product.vat_class,
    Tags: tags.map((x) => x.code),
    Related: related.map((x) => x.product_key).filter(Boolean),
    Variants: variants.map((v) => {
      const own = values.filter((x) => x.variant_id === v.id);
      const colour = own.find((x) => x.display_type === "Square");
      const list = prices.filter((p) => p.variant_id === v.id);
      return {
        Sku: v.sku,
        Ean: v.ean,
        SaleEndsAt: v.sale_ends_at,
        Attributes: Object.fromEntries(own.map((x) => [x.attribute, x.name ?? x.code])),
        ColourCodes: colour ? [colour.color_code1, colour.color_code2, colour.color_code3].filter(Boolean) : [],
        Price: list.find((p) => p.min_quantity === 1)?.amount_tax_excl ?? 0,
        Tiers: list
          .filter((p) => p.min_quantity > 1)
          .map((p) => ({ MinQuantity: p.min_quantity, Amount: p.amount_tax_excl })),
        MinQuantity: v.min_quantity,
        MaxQuantity: v.max_quantity,
        Step: v.step_quantity,
        Stock: Object.fromEntries(stock.filter((s) => s.variant_id === v.id).map((s) => [s.code, s.quantity])),
      };
    }),
  };
}

/** Takes a product off the shop: it stays in orders, lists and the export (Published false). */
export async function archiveProduct(actor: AdminActor, key: string) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const product = await trx
        .selectFrom("products")
        .select(["id", "is_active"])
        .where("product_key", "=", key)
        .where("vat_class", "!=", "none")
        .executeTakeFirst();
      if (!product) throw new ApiError("NotFound");
      if (product.is_active === 1) {
        await trx.updateTable("products").set({ is_active: 0 }).where("id", "=", product.id).execute();
        await audit(actor, "product.archive", `product:${key}`, null, trx);
      }
      return { ProductId: product.id, Published: false };
    });
}

/** Creates, renames or moves a category by its key; a category never goes under itself. */
export async function moveCategory(actor: AdminActor, key: string, body: CategoryBody, culture: Culture) {
  const t = translator(culture);
  const handle = database();
  return handle.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx, handle.dialect);
    const all = await trx.selectFrom("categories").select(["id", "parent_id", "code"]).execute();
    let parentId: number | null | undefined;
    if (body.Parent !== undefined) {
      parentId = body.Parent === null ? null : (all.find((c) => c.code === body.Parent)?.id ?? -1);
      if (parentId === -1) throw new ApiError("ValidationFailed", { Parent: [t("Import.UnknownCategory")] });
    }
    let category = all.find((c) => c.code === key);
    const created = !category;
    if (!category) {
      const id = Math.max(0, ...all.map((c) => c.id)) + 1;
      const parent = parentId ?? null;
      await trx
        .insertInto("categories")
        .values({
          id,
          parent_id: parent,
          position: body.Position ?? all.filter((c) => c.parent_id === parent).length,
          image_asset_id: null,
          code: key,
        })
        .execute();
      category = { id, parent_id: parent, code: key };
    } else if (parentId !== undefined || body.Position !== undefined) {
      for (let p = parentId ?? null; p !== null; p = all.find((c) => c.id === p)?.parent_id ?? null)
        if (p === category.id) throw new ApiError("ValidationFailed", { Parent: [t("Import.CategoryLoop")] });
      await trx
        .updateTable("categories")
        .set({
          ...(parentId !== undefined ? { parent_id: parentId } : {}),
          ...(body.Position !== undefined ? { position: body.Position } : {}),
        })
        .where("id", "=", category.id)
        .execute();
    }
    const id = category.id;
    const texts = await trx.selectFrom("category_translations").selectAll().where("category_id", "=", id).execute();
    for (const culture of CULTURES) {
      const name = body.Names[culture] ?? (texts.some((x) => x.culture === culture) ? undefined : body.Names.fr);
      if (!name) continue;
      const current = texts.find((x) => x.culture === culture);
      if (current?.name === name) continue;
      const base = slugify(name) || `category-${id}`;
      const taken = await trx
        .selectFrom("category_translations")
        .select("category_id")
        .where("culture", "=", culture)
        .where("slug", "=", base)
        .where("category_id", "!=", id)
        .executeTakeFirst();
      const slug = taken ? `${base}-${id}` : base;
      if (current)
        await trx
          .updateTable("category_translations")
          .set({ name, slug })
          .where("category_id", "=", id)
          .where("culture", "=", culture)
          .execute();
      else
        await trx
          .insertInto("category_translations")
          .values({ category_id: id, culture, name, slug, description: "" })
          .execute();
    }
    await audit(actor, created ? "category.create" : "category.update", `category:${key}`, body, trx);
    return { CategoryId: id, Created: created };
  });
}

/** Staff's product search (quick edit): by key, SKU or French name, 50 at most, newest first. */
export async function staffProducts(search: string) {
  const q = search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, "");
  let query = db()
    .selectFrom("products as p")
    .leftJoin("product_translations as t", (j) => j.onRef("t.product_id", "=", "p.id").on("t.culture", "=", "fr"))
    .select(["p.id", "p.product_key", "p.is_active", "t.name"])
    .where("p.vat_class", "!=", "none");
  if (q)
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["p.product_key"]), "like", `${q}%`),
        eb(eb.fn("lower", ["t.name"]), "like", `%${q}%`),
        eb.exists(
          eb
            .selectFrom("product_variants as v")
            .select("v.id")
            .whereRef("v.product_id", "=", "p.id")
            .where((inner) => inner(inner.fn("lower", ["v.sku"]), "like", `${q}%`)),
        ),
      ]),
    );
  return query.orderBy("p.id", "desc").limit(50).execute();
}

/**
 * Staff's quick edit: published, and each variant's price (cents) and stock per warehouse; the rest of the
 * product stays as it is. The same writer as the API and the import: history, audit and page cache alike.
 */
export async function quickEditProduct(
  actor: AdminActor,
  key: string,
  edit: { published: boolean; variants: { sku: string; price: number; stock: Record<string, number> }[] },
  culture: Culture,
) {
  const t = translator(culture);
  const handle = database();
  return handle.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx, handle.dialect);
    const product = await trx.selectFrom("products").select("id").where("product_key", "=", key).executeTakeFirst();
    if (!product) throw new ApiError("NotFound");
    const writer = await CatalogWriter.open(trx);
    const outcome = await writer.apply({
      key,
      row: 0,
      names: {},
      descriptions: {},
      published: edit.published,
      variants: edit.variants.map((v, i) => ({
        row: i + 1,
        sku: v.sku,
        price: v.price,
        attributes: {},
        stock: v.stock,
      })),
    });
    if (outcome.errors.length > 0) {
      throw new ApiError("ValidationFailed", refusedFields(outcome.errors, t));
    }
    if (outcome.rows.some((r) => r.outcome !== "unchanged"))
      await audit(actor, "product.quick-edit", `product:${key}`, edit, trx);
    return outcome;
  });
}

/** Creates or updates a warehouse by its code (an empty shop has none: stock needs one). */
export async function putWarehouse(
  actor: AdminActor,
  code: string,
  body: { Name: string; City: string; Active?: boolean },
) {
  const handle = database();
  return handle.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx, handle.dialect);
    const existing = await trx.selectFrom("warehouses").selectAll().where("code", "=", code).executeTakeFirst();
    const active = body.Active === false ? 0 : 1;
    if (!existing) {
      const last = await trx
        .selectFrom("warehouses")
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirst();
      const id = Number(last?.id ?? 0) + 1;
      await trx
        .insertInto("warehouses")
        .values({ id, code, name: body.Name, city: body.City, is_active: active })
        .execute();
      await audit(actor, "warehouse.create", `warehouse:${code}`, body, trx);
      return { WarehouseId: id, Created: true };
    }
    if (existing.name !== body.Name || existing.city !== body.City || existing.is_active !== active) {
      await trx
        .updateTable("warehouses")
        .set({ name: body.Name, city: body.City, is_active: active })
        .where("id", "=", existing.id)
        .execute();
      await audit(actor, "warehouse.update", `warehouse:${code}`, body, trx);
    }
    return { WarehouseId: existing.id, Created: false };
  });
}

export interface AttributeAnswer {
  Code: string;
  Names: Partial<Record<Culture, string>>;
  Display: string;
  Values: { Code: string; Names: Partial<Record<Culture, string>> }[];
}

/**
 * Names an attribute and its values in each culture (integration API): products create them with one
 * name for every culture (the code's, capitalised, and the French value), which a Dutch shopper then
 * reads in French. A culture left out keeps its name; a value is named by its code or its French name,
 * and one the attribute does not have is refused by field, changing nothing. A new code creates the
 * attribute, for products to come.
 */
export async function putAttribute(actor: AdminActor, code: string, body: AttributeBody, culture: Culture) {
  const t = translator(culture);
  const handle = database();
  await handle.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx, handle.dialect);
    let attribute = await trx.selectFrom("attributes").selectAll().where("code", "=", code).executeTakeFirst();
    const isNew = !attribute;
    if (!attribute) {
      const last = await trx
        .selectFrom("attributes")
        .select((eb) => [eb.fn.max("id").as("id"), eb.fn.max("position").as("position")])
        .executeTakeFirst();
      attribute = {
        id: Number(last?.id ?? 0) + 1,
        code,
        display_type: body.Display ?? (code === SWATCH_ATTRIBUTE ? "Square" : "Select"),
        position: Number(last?.position ?? -1) + 1,
      };
      await trx.insertInto("attributes").values(attribute).execute();
      // Each culture left out: the French name given, else the language's word for a common code.
      await trx
        .insertInto("attribute_translations")
        .values(
          CULTURES.map((c) => ({
            attribute_id: attribute?.id as number,
            culture: c,
            name: body.Names.fr ?? newAttributeName(code, c),
          })),
        )
        .execute();
    }
    const attributeId = attribute.id;
    const values = await trx
      .selectFrom("attribute_values as v")
      .leftJoin("attribute_value_translations as t", (j) =>
        j.onRef("t.attribute_value_id", "=", "v.id").on("t.culture", "=", "fr"),
      )
      .select(["v.id", "v.code", "t.name"])
      .where("v.attribute_id", "=", attributeId)
      .execute();
    const valueNamed = (key: string) =>
      values.find((v) => v.code === key) ?? values.find((v) => v.name?.toLowerCase() === key.toLowerCase());
    const unknown = Object.keys(body.Values ?? {}).filter((key) => !valueNamed(key));
    if (unknown.length > 0)
      throw new ApiError(
        "ValidationFailed",
        Object.fromEntries(
          unknown.map((key) => [`Values.${key}`, [t("Import.UnknownAttributeValue", { value: key, attribute: code })]]),
        ),
      );
    // Only names that differ are written: each write moves the version of every public page.
    let renamed = 0n;
    if (body.Display && body.Display !== attribute.display_type) {
      await trx.updateTable("attributes").set({ display_type: body.Display }).where("id", "=", attributeId).execute();
      renamed += 1n;
    }
    for (const [c, name] of Object.entries(body.Names) as [Culture, string][]) {
      const [result] = await trx
        .updateTable("attribute_translations")
        .set({ name })
        .where("attribute_id", "=", attributeId)
        .where("culture", "=", c)
        .where("name", "<>", name)
        .execute();
      renamed += result?.numUpdatedRows ?? 0n;
    }
    for (const [key, value] of Object.entries(body.Values ?? {}))
      for (const [c, name] of Object.entries(value.Names) as [Culture, string][]) {
        const [result] = await trx
          .updateTable("attribute_value_translations")
          .set({ name })
          .where("attribute_value_id", "=", (valueNamed(key) as { id: number }).id)
          .where("culture", "=", c)
          .where("name", "<>", name)
          .execute();
        renamed += result?.numUpdatedRows ?? 0n;
      }
    if (isNew || renamed > 0n)
      await audit(actor, isNew ? "attribute.create" : "attribute.update", `attribute:${code}`, body, trx);
  });
  return (await attributeAnswers(code))[0] as AttributeAnswer;
}

/** Attributes (all, or one by code) with their values, names per culture, in the shop's order. */
export async function attributeAnswers(code?: string): Promise<AttributeAnswer[]> {
  const ex = db();
  let query = ex.selectFrom("attributes").selectAll().orderBy("position").orderBy("id");
  if (code !== undefined) query = query.where("code", "=", code);
  const attributes = await query.execute();
  if (attributes.length === 0) return [];
  const ids = attributes.map((a) => a.id);
  const [names, values] = await Promise.all([
    ex.selectFrom("attribute_translations").selectAll().where("attribute_id", "in", ids).execute(),
    ex
      .selectFrom("attribute_values as v")
      .innerJoin("attribute_value_translations as t", "t.attribute_value_id", "v.id")
      .select(["v.id", "v.attribute_id", "v.code", "v.position", "t.culture", "t.name"])
      .where("v.attribute_id", "in", ids)
      .orderBy("v.position")
      .orderBy("v.id")
      .execute(),
  ]);
  return attributes.map((a) => {
    const byValue = new Map<number, { Code: string; Names: Partial<Record<Culture, string>> }>();
    for (const v of values.filter((row) => row.attribute_id === a.id)) {
      const entry = byValue.get(v.id) ?? { Code: v.code, Names: {} };
      entry.Names[v.culture as Culture] = v.name;
      byValue.set(v.id, entry);
    }
    return {
      Code: a.code,
      Names: Object.fromEntries(names.filter((n) => n.attribute_id === a.id).map((n) => [n.culture, n.name])),
      Display: a.display_type,
      Values: [...byValue.values()],
    };
  });
}
