import { type Insertable, type Selectable, sql } from "kysely";
import { ImageImport } from "~/features/assets/asset-import.server";
import { PREPAID_CREDIT_SKU } from "~/features/prepaid/prepaid";
import { CULTURES, type Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { slugify, slugWithId } from "~/lib/slug";
import { breather } from "~/server/breather";
import { env } from "~/server/config/env";
import type { Executor } from "~/server/db/client";
import type { Database } from "~/server/db/schema";
import { SWATCH_ATTRIBUTE } from "./catalog-admin.schemas";
import type { ProductInput, RowError, VariantInput } from "./catalog-input";

/** A stored variant of an SKU the run names, with its product's key. */
interface StoredVariant {
  id: number;
  sku: string;
  product_id: number;
  ean: string | null;
  sale_ends_at: string | null;
  min_quantity: number;
  max_quantity: number | null;
  step_quantity: number;
  product_key: string | null;
}

/** Rows per insert statement: few round trips, and short enough that SQLite (synchronous) holds the event loop a few ms. */
const INSERT_ROWS = 200;

/** Ids, SKUs or keys in lists short enough for one `in (...)` on either database. */
function chunks<T>(items: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A new product without a category goes here (created on first use). */
const UNSORTED = {
  code: "unsorted",
  names: {
    fr: "Non classé",
    nl: "Niet ingedeeld",
    es: "Sin clasificar",
    de: "Nicht zugeordnet",
    it: "Non classificato",
    pt: "Sem categoria",
  } as Record<Culture, string>,
};

/** What applying one product did to each of its rows. */
export type RowOutcome = "created" | "updated" | "unchanged";

export interface ProductOutcome {
  productId: number | null;
  rows: { row: number; outcome: RowOutcome }[];
  errors: RowError[];
}

interface Category {
  id: number;
  parentId: number | null;
  code: string | null;
  name: string;
}

interface AttributeValue {
  id: number;
  code: string;
  colours: (string | null)[];
}

interface Attribute {
  id: number;
  code: string;
  colour: boolean;
  values: Map<string, AttributeValue>;
  nextPosition: number;
}

/**
 * Applies products to the catalogue inside the caller's transaction (one import, one API call): compares
 * what is stored with what is asked and writes only the difference, so a feed sent again writes nothing.
 * Reference data (warehouses, attributes, categories, brands) is read once and grows as rows create it.
 * Checks come before writes, so a refused row leaves nothing behind (a `?partial=true` import goes on).
 * The page cache follows by itself: the catalogue's tables bump the public version (migrations 015, 018).
 */
export class CatalogWriter {
  private warehouses = new Map<string, number>();
  private attributes = new Map<string, Attribute>();
  private categories = new Map<number, Category>();
  private brands = new Map<string, number>();
  private next = { product: 0, variant: 0, category: 0, brand: 0, attribute: 0, value: 0, tag: 0 };
  private readonly now = new Date().toISOString();
  /** Other requests run between products and statements (on SQLite every query holds the event loop). */
  private readonly breathe = breather();
  /** Rows to insert, sent as a few multi-row inserts at the end of each run of products (parents first). */
  private pending = CatalogWriter.nothingPending();
  /** Products of the current run not yet inserted, by key (a related product may name one). */
  private pendingKeys = new Map<string, number>();
  /** The last run's inserts, under way (`applyAhead`). */
  private writing: Promise<void> | undefined;
  /** What the run's existing products and variants hold, read in one query per table. */
  private stored = {
    translations: new Map<number, Selectable<Database["product_translations"]>[]>(),
    withDefault: new Set<number>(),
    values: new Map<number, { variant_id: number; id: number; attribute_id: number }[]>(),
    prices: new Map<number, { variant_id: number; min_quantity: number; amount_tax_excl: number }[]>(),
    stock: new Map<number, { variant_id: number; warehouse_id: number; quantity: number }[]>(),
  };

  private static nothingPending() {
    return {
      products: [] as Insertable<Database["products"]>[],
      translations: [] as Insertable<Database["product_translations"]>[],
      variants: [] as Insertable<Database["product_variants"]>[],
      values: [] as Insertable<Database["variant_attribute_values"]>[],
      prices: [] as Insertable<Database["prices"]>[],
      history: [] as Insertable<Database["price_history"]>[],
      stock: [] as Insertable<Database["stock"]>[],
      images: [] as Insertable<Database["product_assets"]>[],
      tags: [] as Insertable<Database["product_tags"]>[],
      related: [] as Insertable<Database["product_relations"]>[],
    };
  }

  /** The run's inserts, parents before children, in statements of at most `INSERT_ROWS` rows. */
  private async flushPending() {
    const p = this.pending;
    this.pending = CatalogWriter.nothingPending();
    this.pendingKeys.clear();
    const t = this.trx;
    const insert = async <T extends keyof Database & string>(table: T, rows: Insertable<Database[T]>[]) => {
      for (let i = 0; i < rows.length; i += INSERT_ROWS, await this.breathe())
        await t
          .insertInto(table)
          // biome-ignore lint/suspicious/noExplicitAny: Kysely cannot relate a generic table to its rows.
          .values(rows.slice(i, i + INSERT_ROWS) as any)
          .execute();
    };
    await insert("products", p.products);
    await insert("product_translations", p.translations);
    await insert("product_variants", p.variants);
    await insert("variant_attribute_values", p.values);
    await insert("prices", p.prices);
    await insert("price_history", p.history);
    await insert("stock", p.stock);
    await insert("product_assets", p.images);
    await insert("product_tags", p.tags);
    await insert("product_relations", p.related);
  }

  /** What the run's stored products (translations, default variant) and variants (values, prices, stock) hold. */
  private async readStored(productIds: number[], variantIds: number[]) {
    for (const map of Object.values(this.stored)) map.clear();
    const t = this.trx;
    const group = <K extends string, R extends Record<K, number>>(rows: R[], by: K, into: Map<number, R[]>) => {
      for (const row of rows) {
        const list = into.get(row[by]);
        if (list) list.push(row);
        else into.set(row[by], [row]);
      }
    };
    for (const ids of chunks(productIds)) {
      group(
        await t.selectFrom("product_translations").selectAll().where("product_id", "in", ids).execute(),
        "product_id",
        this.stored.translations,
      );
      for (const v of await t
        .selectFrom("product_variants")
        .select("product_id")
        .where("product_id", "in", ids)
        .where("is_default", "=", 1)
        .execute())
        this.stored.withDefault.add(v.product_id);
    }
    for (const ids of chunks(variantIds)) {
      group(
        await t
          .selectFrom("variant_attribute_values as vav")
          .innerJoin("attribute_values as v", "v.id", "vav.attribute_value_id")
          .select(["vav.variant_id", "v.id", "v.attribute_id"])
          .where("vav.variant_id", "in", ids)
          .execute(),
        "variant_id",
        this.stored.values,
      );
      group(
        await t
          .selectFrom("prices")
          .select(["variant_id", "min_quantity", "amount_tax_excl"])
          .where("variant_id", "in", ids)
          .orderBy("variant_id")
          .orderBy("min_quantity")
          .execute(),
        "variant_id",
        this.stored.prices,
      );
      group(
        await t
          .selectFrom("stock")
          .select(["variant_id", "warehouse_id", "quantity"])
          .where("variant_id", "in", ids)
          .execute(),
        "variant_id",
        this.stored.stock,
      );
    }
  }

  private constructor(
    private readonly trx: Executor,
    private readonly images: ImageImport,
  ) {}

  /** A writer for one transaction; `images` brings the photos given by address or sent with the import. */
  static async open(trx: Executor, images = new ImageImport()): Promise<CatalogWriter> {
    const writer = new CatalogWriter(trx, images);
    await writer.load();
    return writer;
  }

  /** Warehouse codes, to check a feed's `stock.<code>` columns before its first row. */
  warehouseCodes(): string[] {
    return [...this.warehouses.keys()];
  }

  private async load() {
    const t = this.trx;
    for (const w of await t.selectFrom("warehouses").select(["id", "code"]).execute())
      this.warehouses.set(w.code, w.id);
    const attributes = await t.selectFrom("attributes").select(["id", "code", "display_type"]).execute();
    const values = await t
      .selectFrom("attribute_values as v")
      .leftJoin("attribute_value_translations as t", (j) =>
        j.onRef("t.attribute_value_id", "=", "v.id").on("t.culture", "=", "fr"),
      )
      .select([
        "v.id",
        "v.attribute_id",
        "v.code",
        "v.position",
        "v.color_code1",
        "v.color_code2",
        "v.color_code3",
        "t.name",
      ])
      .execute();
    for (const a of attributes) {
      const attribute: Attribute = {
        id: a.id,
        code: a.code,
        colour: a.display_type === "Square",
        values: new Map(),
        nextPosition: 0,
      };
      for (const v of values.filter((value) => value.attribute_id === a.id)) {
        const value = { id: v.id, code: v.code, colours: [v.color_code1, v.color_code2, v.color_code3] };
        attribute.values.set(v.code.toLowerCase(), value);
        if (v.name) attribute.values.set(v.name.toLowerCase(), value);
        attribute.nextPosition = Math.max(attribute.nextPosition, v.position + 1);
      }
      this.attributes.set(a.code, attribute);
    }
    const categories = await t
      .selectFrom("categories as c")
      .leftJoin("category_translations as t", (j) => j.onRef("t.category_id", "=", "c.id").on("t.culture", "=", "fr"))
      .select(["c.id", "c.parent_id", "c.code", "t.name"])
      .execute();
    for (const c of categories)
      this.categories.set(c.id, { id: c.id, parentId: c.parent_id, code: c.code, name: c.name ?? "" });
    for (const b of await t.selectFrom("brands").select(["id", "name"]).execute())
      this.brands.set(b.name.toLowerCase(), b.id);
    const max = async (
      table: "products" | "product_variants" | "categories" | "brands" | "attributes" | "attribute_values" | "tags",
    ) =>
      Number(
        (
          await t
            .selectFrom(table)
            .select((eb) => eb.fn.max("id").as("id"))
            .executeTakeFirst()
        )?.id ?? 0,
      ) + 1;
    this.next = {
      product: await max("products"),
      variant: await max("product_variants"),
      category: await max("categories"),
      brand: await max("brands"),
      attribute: await max("attributes"),
      value: await max("attribute_values"),
      tag: await max("tags"),
    };
  }

  /** The path of French names of a category, as the CSV writes it ("Vêtements > T-shirts"). */
  categoryPath(id: number): string {
    const names: string[] = [];
    for (let c = this.categories.get(id); c; c = c.parentId === null ? undefined : this.categories.get(c.parentId))
      names.unshift(c.name);
    return names.join(" > ");
  }

  /** Applies one product; refused rows (and a refused product: all its rows) are reported, not written. */
  async apply(input: ProductInput): Promise<ProductOutcome> {
    return (await this.applyMany([input]))[0] as ProductOutcome;
  }

  /**
   * Applies products in order, one outcome each, as `apply` would one by one, but reading what is stored
   * and inserting what is new once per run of products instead of once per product (an import of 20,000
   * products makes a few queries per hundred products, not ten per product). A key met again starts a
   * new run, so the second sees what the first wrote.
   */
  async applyMany(inputs: ProductInput[]): Promise<ProductOutcome[]> {
    const outcomes = await this.applyAhead(inputs);
    await this.settle();
    return outcomes;
  }

  /**
   * `applyMany`, answering once the outcomes are known while the last run's inserts are still on their
   * way (PostgreSQL works on them while the caller reads its next batch); the next call, and `settle()`
   * before the transaction commits, wait for them.
   */
  async applyAhead(inputs: ProductInput[]): Promise<ProductOutcome[]> {
    const outcomes: ProductOutcome[] = [];
    let run: ProductInput[] = [];
    const keys = new Set<string>();
    for (const input of inputs) {
      if (keys.has(input.key)) {
        outcomes.push(...(await this.applyRun(run)));
        run = [];
        keys.clear();
      }
      run.push(input);
      keys.add(input.key);
    }
    if (run.length > 0) outcomes.push(...(await this.applyRun(run)));
    return outcomes;
  }

  /** Waits for the inserts `applyAhead` sent; throws their error. */
  async settle(): Promise<void> {
    const writing = this.writing;
    this.writing = undefined;
    await writing;
  }

  private async applyRun(inputs: ProductInput[]): Promise<ProductOutcome[]> {
    // What the previous run inserts comes first: a key met again must find its product.
    await this.settle();
    const t = this.trx;
    const existing = new Map<string, Selectable<Database["products"]>>();
    for (const keys of chunks(inputs.map((i) => i.key)))
      for (const p of await t.selectFrom("products").selectAll().where("product_key", "in", keys).execute())
        if (p.product_key !== null) existing.set(p.product_key, p);
    const bySku = new Map<string, StoredVariant>();
    for (const skus of chunks(inputs.flatMap((i) => i.variants.map((v) => v.sku))))
      for (const v of await t
        .selectFrom("product_variants as v")
        .innerJoin("products as p", "p.id", "v.product_id")
        .select([
          "v.id",
          "v.sku",
          "v.product_id",
          "v.ean",
          "v.sale_ends_at",
          "v.min_quantity",
          "v.max_quantity",
          "v.step_quantity",
          "p.product_key",
        ])
        .where("v.sku", "in", skus)
        .execute())
        bySku.set(v.sku, v);
    await this.readStored(
      [...existing.values()].map((p) => p.id),
      [...bySku.values()].map((v) => v.id),
    );
    const outcomes: ProductOutcome[] = [];
    const touched: number[] = [];
    for (const input of inputs) {
      await this.breathe();
      const outcome = await this.applyOne(input, existing.get(input.key), bySku);
      outcomes.push(outcome);
      if (existing.has(input.key) && outcome.rows.some((r) => r.outcome !== "unchanged"))
        touched.push(outcome.productId as number);
    }
    const inserts = this.flushPending();
    const writing = (async () => {
      await inserts;
      // Anything written: the product's lastmod (sitemaps, feeds) moves; the same feed again moves nothing.
      for (const ids of chunks(touched))
        await t.updateTable("products").set({ updated_at: this.now }).where("id", "in", ids).execute();
    })();
    // Its failure is thrown by `settle`, never left unhandled.
    writing.catch(() => {});
    this.writing = writing;
    return outcomes;
  }

  private async applyOne(
    input: ProductInput,
    existing: Selectable<Database["products"]> | undefined,
    bySku: Map<string, StoredVariant>,
  ): Promise<ProductOutcome> {
    const t = this.trx;
    // Errors of the product's own fields refuse all its rows; those of a variant's, that row.
    const errors: RowError[] = [];
    if (existing?.vat_class === "none") errors.push({ row: input.row, column: "product_key", key: "Import.Reserved" });

    const productErrors = errors.length;
    // Checks that need the database: the SKUs, the warehouses, the images, the related products.
    const refusedRows = new Set<number>();
    const refuse = (error: RowError) => {
      errors.push(error);
      refusedRows.add(error.row);
    };
    for (const v of input.variants) {
      const other = bySku.get(v.sku);
      if (v.sku === PREPAID_CREDIT_SKU) refuse({ row: v.row, column: "sku", key: "Import.Reserved" });
      else if (other && (!existing || other.product_id !== existing.id))
        refuse({
          row: v.row,
          column: "sku",
          key: "Import.SkuOfAnotherProduct",
          values: { key: other.product_key ?? "" },
        });
      for (const code of Object.keys(v.stock))
        if (!this.warehouses.has(code))
          refuse({ row: v.row, column: `stock.${code}`, key: "Import.UnknownWarehouse", values: { code } });
      if (
        v.colourCodes?.length &&
        // An attribute this file creates is shown as swatches when its code is `colour`.
        !Object.keys(v.attributes).some(
          (a) => (this.attributes.get(a)?.colour ?? a === SWATCH_ATTRIBUTE) && v.attributes[a],
        )
      )
        refuse({ row: v.row, column: "colour_codes", key: "Import.ColourWithoutColour" });
    }
    const variantErrors = errors.length - productErrors;
    const images = input.images === undefined ? undefined : await this.resolveImages(input.images, input.row, errors);
    const related =
      input.related === undefined ? undefined : await this.resolveRelated(input.related, input.row, errors);
    let categoryId: number | undefined;
    if (input.category !== undefined) {
      categoryId = this.categoryByKey(input.category);
    }
    const productRefused = errors.length > variantErrors;
    const variants = input.variants.filter((v) => !refusedRows.has(v.row));
    if (productRefused || variants.length === 0) return { productId: existing?.id ?? null, rows: [], errors };

    // Writes.
    let productChanged = false;
    let productId: number;
    if (categoryId === undefined && input.category !== undefined)
      categoryId = await this.categoryFromPath(input.category);
    categoryId ??= existing ? undefined : await this.categoryFromPath(UNSORTED.code);
    const brandId =
      input.brand !== undefined
        ? await this.brand(input.brand)
        : existing
          ? undefined
          : await this.brand(env().SHOP_NAME);
    if (!existing) {
      productId = this.next.product++;
      this.pending.products.push({
        id: productId,
        product_key: input.key,
        category_id: categoryId as number,
        brand_id: brandId as number,
        vat_class: input.vatClass ?? "standard",
        is_active: input.published === false ? 0 : 1,
        is_featured: 0,
        unit_measure: input.unit?.measure ?? null,
        unit_content_milli: input.unit?.contentMilli ?? null,
        gender: input.gender ?? null,
        age_group: input.ageGroup ?? null,
        created_at: this.now,
        updated_at: this.now,
      });
      this.pendingKeys.set(input.key, productId);
      productChanged = true;
    } else {
      productId = existing.id;
      const change: Record<string, unknown> = {};
      if (categoryId !== undefined && categoryId !== existing.category_id) change.category_id = categoryId;
      if (brandId !== undefined && brandId !== existing.brand_id) change.brand_id = brandId;
      if (input.published !== undefined && (input.published ? 1 : 0) !== existing.is_active)
        change.is_active = input.published ? 1 : 0;
      if (input.unit !== undefined) {
        const measure = input.unit?.measure ?? null;
        const content = input.unit?.contentMilli ?? null;
        if (measure !== existing.unit_measure) change.unit_measure = measure;
        if (content !== existing.unit_content_milli) change.unit_content_milli = content;
      }
      if (input.gender !== undefined && input.gender !== existing.gender) change.gender = input.gender;
      if (input.ageGroup !== undefined && input.ageGroup !== existing.age_group) change.age_group = input.ageGroup;
      if (input.vatClass !== undefined && input.vatClass !== existing.vat_class) change.vat_class = input.vatClass;
      if (Object.keys(change).length > 0) {
        await t.updateTable("products").set(change).where("id", "=", productId).execute();
        productChanged = true;
      }
    }
    const fresh = !existing;
    if (await this.writeTranslations(productId, input, fresh)) productChanged = true;
    if (images && (await this.writeImages(productId, images, fresh))) productChanged = true;
    if (input.tags && (await this.writeTags(productId, input.tags, fresh))) productChanged = true;
    if (related && (await this.writeRelated(productId, related, fresh))) productChanged = true;

    const rows: ProductOutcome["rows"] = [];
    let hasDefault = existing ? this.stored.withDefault.has(productId) : false;
    for (const v of variants) {
      const current = bySku.get(v.sku);
      const outcome = await this.writeVariant(productId, v, current, !hasDefault);
      hasDefault = true;
      rows.push({ row: v.row, outcome: outcome === "unchanged" && productChanged ? "updated" : outcome });
    }
    return { productId, rows, errors };
  }

  private async writeTranslations(productId: number, input: ProductInput, fresh: boolean): Promise<boolean> {
    const t = this.trx;
    const current = fresh ? [] : (this.stored.translations.get(productId) ?? []);
    let changed = false;
    const inserts: Insertable<Database["product_translations"]>[] = [];
    for (const culture of CULTURES) {
      const name = input.names[culture];
      const description = input.descriptions[culture];
      const row = current.find((r) => r.culture === culture);
      if (!row) {
        if (!name) continue;
        inserts.push({
          product_id: productId,
          culture,
          name,
          slug: slugWithId(name, productId),
          description: description ?? "",
        });
        continue;
      }
      const change: Record<string, string> = {};
      // A renamed product keeps its slug: pages are found by it, and shared links and search engines keep it.
      if (name && name !== row.name) change.name = name;
      if (description !== undefined && description !== row.description) change.description = description;
      if (Object.keys(change).length === 0) continue;
      await t
        .updateTable("product_translations")
        .set(change)
        .where("product_id", "=", productId)
        .where("culture", "=", culture)
        .execute();
      changed = true;
    }
    this.pending.translations.push(...inserts);
    return changed || inserts.length > 0;
  }

  private async writeVariant(
    productId: number,
    v: VariantInput,
    current: StoredVariant | undefined,
    isDefault: boolean,
  ): Promise<RowOutcome> {
    const t = this.trx;
    let changed = false;
    let variantId: number;
    if (!current) {
      variantId = this.next.variant++;
      const step = v.step ?? 1;
      this.pending.variants.push({
        id: variantId,
        product_id: productId,
        sku: v.sku,
        ean: v.ean ?? null,
        sale_ends_at: v.saleEndsAt ?? null,
        is_default: isDefault ? 1 : 0,
        min_quantity: v.minQuantity ?? step,
        max_quantity: v.maxQuantity ?? null,
        step_quantity: step,
      });
    } else {
      variantId = current.id;
      const change: Record<string, unknown> = {};
      if (v.ean !== undefined && v.ean !== current.ean) change.ean = v.ean;
      if (v.saleEndsAt !== undefined && v.saleEndsAt !== current.sale_ends_at) change.sale_ends_at = v.saleEndsAt;
      if (v.minQuantity !== undefined && v.minQuantity !== current.min_quantity) change.min_quantity = v.minQuantity;
      if (v.maxQuantity !== undefined && v.maxQuantity !== current.max_quantity) change.max_quantity = v.maxQuantity;
      if (v.step !== undefined && v.step !== current.step_quantity) change.step_quantity = v.step;
      if (Object.keys(change).length > 0) {
        await t.updateTable("product_variants").set(change).where("id", "=", variantId).execute();
        changed = true;
      }
    }
    if (await this.writeAttributes(variantId, v, !current)) changed = true;
    if (await this.writePrices(variantId, v, !current)) changed = true;
    if (await this.writeStock(variantId, v, !current)) changed = true;
    return !current ? "created" : changed ? "updated" : "unchanged";
  }

  private async writeAttributes(variantId: number, v: VariantInput, fresh: boolean): Promise<boolean> {
    const t = this.trx;
    const current = fresh ? [] : (this.stored.values.get(variantId) ?? []);
    let changed = false;
    for (const [code, name] of Object.entries(v.attributes)) {
      const attribute = await this.attribute(code);
      const value = name.trim() === "" ? null : await this.attributeValue(attribute, name.trim());
      if (value && attribute.colour && v.colourCodes) {
        const colours = [0, 1, 2].map((i) => v.colourCodes?.[i]?.toLowerCase() ?? null);
        if (colours.some((c, i) => c !== value.colours[i])) {
          await t
            .updateTable("attribute_values")
            .set({ color_code1: colours[0], color_code2: colours[1], color_code3: colours[2] })
            .where("id", "=", value.id)
            .execute();
          value.colours = colours;
          changed = true;
        }
      }
      const had = current.find((c) => c.attribute_id === attribute.id);
      if (had?.id === value?.id) continue;
      if (had)
        await t
          .deleteFrom("variant_attribute_values")
          .where("variant_id", "=", variantId)
          .where("attribute_value_id", "=", had.id)
          .execute();
      if (value) this.pending.values.push({ variant_id: variantId, attribute_value_id: value.id });
      changed = true;
    }
    return changed;
  }

  /** The price list (one unit, then the tiers); a new base price enters the Omnibus history. */
  private async writePrices(variantId: number, v: VariantInput, fresh: boolean): Promise<boolean> {
    const t = this.trx;
    const current = fresh ? [] : (this.stored.prices.get(variantId) ?? []);
    const storedTiers = current
      .filter((p) => p.min_quantity > 1)
      .map((p) => ({ minQuantity: p.min_quantity, amount: p.amount_tax_excl }));
    const wanted = [{ minQuantity: 1, amount: v.price }, ...(v.tiers ?? storedTiers)];
    const same =
      wanted.length === current.length &&
      wanted.every((w, i) => current[i]?.min_quantity === w.minQuantity && current[i]?.amount_tax_excl === w.amount);
    if (same) return false;
    if (current.length > 0) await t.deleteFrom("prices").where("variant_id", "=", variantId).execute();
    for (const w of wanted)
      this.pending.prices.push({ variant_id: variantId, min_quantity: w.minQuantity, amount_tax_excl: w.amount });
    if (current.find((p) => p.min_quantity === 1)?.amount_tax_excl !== v.price)
      this.pending.history.push({ variant_id: variantId, amount_tax_excl: v.price, valid_from: this.now });
    return true;
  }

  private async writeStock(variantId: number, v: VariantInput, fresh: boolean): Promise<boolean> {
    const t = this.trx;
    const entries = Object.entries(v.stock);
    if (entries.length === 0) return false;
    const current = fresh ? [] : (this.stored.stock.get(variantId) ?? []);
    let changed = false;
    for (const [code, quantity] of entries) {
      const warehouseId = this.warehouses.get(code) as number;
      const had = current.find((s) => s.warehouse_id === warehouseId);
      // No row is no stock: a feed's 0 for it changes nothing.
      if ((had?.quantity ?? 0) === quantity && (had || !fresh)) continue;
      if (had)
        await t
          .updateTable("stock")
          .set({ quantity })
          .where("variant_id", "=", variantId)
          .where("warehouse_id", "=", warehouseId)
          .execute();
      else this.pending.stock.push({ variant_id: variantId, warehouse_id: warehouseId, quantity });
      changed = true;
    }
    return changed;
  }

  private async writeImages(productId: number, assetIds: number[], fresh: boolean): Promise<boolean> {
    const t = this.trx;
    const current = fresh
      ? []
      : await t
          .selectFrom("product_assets")
          .select(["asset_id", "attribute_value_id"])
          .where("product_id", "=", productId)
          .orderBy("position")
          .execute();
    if (current.length === assetIds.length && current.every((c, i) => c.asset_id === assetIds[i])) return false;
    if (current.length > 0) await t.deleteFrom("product_assets").where("product_id", "=", productId).execute();
    this.pending.images.push(
      ...assetIds.map((assetId, position) => ({
        product_id: productId,
        asset_id: assetId,
        attribute_value_id: current.find((c) => c.asset_id === assetId)?.attribute_value_id ?? null,
        position,
      })),
    );
    return true;
  }

  private async writeTags(productId: number, codes: string[], fresh: boolean): Promise<boolean> {
    const t = this.trx;
    const ids: number[] = [];
    for (const code of [...new Set(codes)]) {
      let tag = await t.selectFrom("tags").select("id").where("code", "=", code).executeTakeFirst();
      if (!tag) {
        tag = { id: this.next.tag++ };
        await t.insertInto("tags").values({ id: tag.id, code }).execute();
        await t
          .insertInto("tag_translations")
          .values(
            CULTURES.map((culture) => ({
              tag_id: tag?.id as number,
              culture,
              name: code,
              slug: slugify(code) || `tag-${tag?.id}`,
            })),
          )
          .execute();
      }
      ids.push(tag.id);
    }
    const current = fresh
      ? []
      : (await t.selectFrom("product_tags").select("tag_id").where("product_id", "=", productId).execute()).map(
          (r) => r.tag_id,
        );
    if (current.length === ids.length && ids.every((id) => current.includes(id))) return false;
    if (current.length > 0) await t.deleteFrom("product_tags").where("product_id", "=", productId).execute();
    this.pending.tags.push(...ids.map((tag_id) => ({ product_id: productId, tag_id })));
    return true;
  }

  private async writeRelated(productId: number, ids: number[], fresh: boolean): Promise<boolean> {
    const t = this.trx;
    const wanted = ids.filter((id) => id !== productId);
    const current = fresh
      ? []
      : await t
          .selectFrom("product_relations")
          .select("related_product_id")
          .where("product_id", "=", productId)
          .orderBy("position")
          .execute();
    if (current.length === wanted.length && current.every((c, i) => c.related_product_id === wanted[i])) return false;
    if (current.length > 0) await t.deleteFrom("product_relations").where("product_id", "=", productId).execute();
    this.pending.related.push(
      ...wanted.map((related_product_id, position) => ({ product_id: productId, related_product_id, position })),
    );
    return true;
  }

  private async resolveImages(images: string[], row: number, errors: RowError[]): Promise<number[] | undefined> {
    const ids: number[] = [];
    for (const image of images) {
      if (this.images.handles(image)) {
        const brought = await this.images.resolve(image, this.trx);
        if ("key" in brought) errors.push({ row, column: "images", key: brought.key, values: brought.values });
        else if (!ids.includes(brought.assetId)) ids.push(brought.assetId);
        continue;
      }
      const id = /^\d{1,9}$/.test(image) ? Number(image) : await this.assetByPath(image);
      const found =
        id === null
          ? undefined
          : await this.trx.selectFrom("assets").select("id").where("id", "=", id).executeTakeFirst();
      if (!found) errors.push({ row, column: "images", key: "Import.UnknownImage", values: { image } });
      else if (!ids.includes(found.id)) ids.push(found.id);
    }
    return ids;
  }

  /** "Products/pull-red-0.webp" (the root folder's name may be left out): the asset of that name in that folder. */
  private async assetByPath(path: string): Promise<number | null> {
    const parts = path
      .split("/")
      .map((p) => p.trim())
      .filter(Boolean);
    const name = parts.pop();
    if (!name) return null;
    const candidates = await this.trx
      .selectFrom("assets")
      .select(["id", "folder_id"])
      .where("name", "=", name)
      .execute();
    const folders = new Map(
      (await this.trx.selectFrom("asset_folders").select(["id", "parent_id", "name"]).execute()).map((f) => [f.id, f]),
    );
    for (const candidate of candidates) {
      const path: string[] = [];
      for (let f = folders.get(candidate.folder_id); f; f = f.parent_id === null ? undefined : folders.get(f.parent_id))
        path.unshift(f.name);
      const tail = path.slice(path.length - parts.length);
      if (tail.length === parts.length && tail.every((p, i) => p === parts[i])) return candidate.id;
    }
    return null;
  }

  private async resolveRelated(keys: string[], row: number, errors: RowError[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const found = await this.trx
      .selectFrom("products")
      .select(["id", "product_key"])
      .where("product_key", "in", keys)
      .execute();
    const ids: number[] = [];
    for (const key of keys) {
      // A product of this run is found too: it is inserted before the relations.
      const id = found.find((p) => p.product_key === key)?.id ?? this.pendingKeys.get(key);
      if (id === undefined) errors.push({ row, column: "related", key: "Import.UnknownProduct", values: { key } });
      else if (!ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  /** A category by its key, else by its path of names; undefined: a path to create. */
  private categoryByKey(key: string): number | undefined {
    for (const c of this.categories.values()) if (c.code === key) return c.id;
    return this.findPath(key);
  }

  private findPath(path: string): number | undefined {
    let parent: number | null = null;
    let found: number | undefined;
    for (const name of path.split(">").map((p) => p.trim())) {
      found = [...this.categories.values()].find(
        (c) => c.parentId === parent && c.name.toLowerCase() === name.toLowerCase(),
      )?.id;
      if (found === undefined) return undefined;
      parent = found;
    }
    return found;
  }

  /** The category at this path of names, created where missing (or the unsorted one, by its key). */
  private async categoryFromPath(path: string): Promise<number> {
    const byCode = [...this.categories.values()].find((c) => c.code === path);
    if (byCode) return byCode.id;
    let parent: number | null = null;
    const unsorted = path === UNSORTED.code;
    for (const name of unsorted
      ? [UNSORTED.names.fr]
      : path
          .split(">")
          .map((p) => p.trim())
          .filter(Boolean)) {
      const found = [...this.categories.values()].find(
        (c) => c.parentId === parent && c.name.toLowerCase() === name.toLowerCase(),
      );
      if (found) {
        parent = found.id;
        continue;
      }
      const id = this.next.category++;
      const position = [...this.categories.values()].filter((c) => c.parentId === parent).length;
      await this.trx
        .insertInto("categories")
        .values({ id, parent_id: parent, position, image_asset_id: null, code: unsorted ? UNSORTED.code : null })
        .execute();
      const names = unsorted
        ? UNSORTED.names
        : (Object.fromEntries(CULTURES.map((c) => [c, name])) as Record<Culture, string>);
      for (const culture of CULTURES) {
        const base = slugify(names[culture]) || "category";
        const taken = await this.trx
          .selectFrom("category_translations")
          .select("slug")
          .where("culture", "=", culture)
          .where("slug", "=", base)
          .executeTakeFirst();
        await this.trx
          .insertInto("category_translations")
          .values({
            category_id: id,
            culture,
            name: names[culture],
            slug: taken ? `${base}-${id}` : base,
            description: "",
          })
          .execute();
      }
      this.categories.set(id, { id, parentId: parent, code: unsorted ? UNSORTED.code : null, name: names.fr });
      parent = id;
    }
    return parent as number;
  }

  private async brand(name: string): Promise<number> {
    const known = this.brands.get(name.trim().toLowerCase());
    if (known !== undefined) return known;
    const id = this.next.brand++;
    const base = slugify(name) || "brand";
    const taken = await this.trx.selectFrom("brands").select("id").where("slug", "=", base).executeTakeFirst();
    await this.trx
      .insertInto("brands")
      .values({ id, name: name.trim(), slug: taken ? `${base}-${id}` : base })
      .execute();
    this.brands.set(name.trim().toLowerCase(), id);
    return id;
  }

  private async attribute(code: string): Promise<Attribute> {
    const known = this.attributes.get(code);
    if (known) return known;
    const id = this.next.attribute++;
    const position = this.attributes.size;
    const swatches = code === SWATCH_ATTRIBUTE;
    await this.trx
      .insertInto("attributes")
      .values({ id, code, display_type: swatches ? "Square" : "Select", position })
      .execute();
    await this.trx
      .insertInto("attribute_translations")
      .values(CULTURES.map((culture) => ({ attribute_id: id, culture, name: newAttributeName(code, culture) })))
      .execute();
    const attribute: Attribute = { id, code, colour: swatches, values: new Map(), nextPosition: 0 };
    this.attributes.set(code, attribute);
    return attribute;
  }

  private async attributeValue(attribute: Attribute, name: string): Promise<AttributeValue> {
    const known = attribute.values.get(name.toLowerCase());
    if (known) return known;
    const id = this.next.value++;
    let code = slugify(name) || `value-${id}`;
    if (attribute.values.has(code)) code = `${code}-${id}`;
    await this.trx
      .insertInto("attribute_values")
      .values({
        id,
        attribute_id: attribute.id,
        code,
        position: attribute.nextPosition++,
        color_code1: null,
        color_code2: null,
        color_code3: null,
      })
      .execute();
    await this.trx
      .insertInto("attribute_value_translations")
      .values(CULTURES.map((culture) => ({ attribute_value_id: id, culture, name })))
      .execute();
    const value = { id, code, colours: [null, null, null] };
    attribute.values.set(code, value);
    attribute.values.set(name.toLowerCase(), value);
    return value;
  }
}

/** One catalogue writer at a time across processes (PostgreSQL): new ids are taken from the highest ones. */
export async function lockCatalogue(trx: Executor, dialect: "sqlite" | "postgres"): Promise<void> {
  if (dialect === "postgres") await sql`select pg_advisory_xact_lock(hashtext('vitrine-catalogue'))`.execute(trx);
}

/**
 * For a long import (PostgreSQL): look rows up by their indexes whatever the table's statistics say.
 * Inside one transaction the tables grow from nothing to hundreds of thousands of rows the planner has
 * never counted (statistics come from committed rows, after autovacuum), so it scans whole tables for
 * every batch's lookups: 20,000 products took 43 s, most of it in those scans. Every lookup of the
 * writer has its index; the setting ends with the transaction.
 */
export async function preferIndexes(trx: Executor, dialect: "sqlite" | "postgres"): Promise<void> {
  if (dialect === "postgres") await sql`set local enable_seqscan = off`.execute(trx);
}

/** The tables a catalogue import fills, whose statistics the query planner reads (`countForPlanner`). */
const PLANNED_TABLES = [
  "products",
  "product_translations",
  "product_variants",
  "prices",
  "stock",
  "variant_attribute_values",
  "attribute_values",
  "product_assets",
  "product_tags",
  "product_relations",
] as const;

/**
 * At the end of an import that wrote rows: the query planner's statistics counted the catalogue as it
 * was before (PostgreSQL refreshes them after autovacuum's next pass, within a minute or so; SQLite
 * never, without ANALYZE). With 20,000 products where there were 20, the first pages after the commit
 * scanned whole tables: a list page 250 ms on PostgreSQL (its stock sums 20-80 ms each), its product
 * cards 23 ms instead of 0.2 on SQLite, where the planner started from every product's translation.
 * Counted inside the transaction, the statistics include its own rows and commit with them. SQLite
 * samples a thousand rows an index (`analysis_limit`): 11 ms on the event loop for that catalogue.
 */
export async function countForPlanner(trx: Executor, dialect: "sqlite" | "postgres"): Promise<void> {
  if (dialect === "postgres") {
    await sql.raw(`analyze ${PLANNED_TABLES.join(", ")}`).execute(trx);
    return;
  }
  await sql`pragma analysis_limit = 1000`.execute(trx);
  for (const table of PLANNED_TABLES) await sql.raw(`analyze ${table}`).execute(trx);
}

/** The attribute values of these variants with their French names and swatch colours (API reads, export). */
export async function variantValues(ex: Executor, variantIds: number[]) {
  if (variantIds.length === 0) return [];
  return ex
    .selectFrom("variant_attribute_values as vav")
    .innerJoin("attribute_values as v", "v.id", "vav.attribute_value_id")
    .innerJoin("attributes as a", "a.id", "v.attribute_id")
    .leftJoin("attribute_value_translations as t", (j) =>
      j.onRef("t.attribute_value_id", "=", "v.id").on("t.culture", "=", "fr"),
    )
    .select([
      "vav.variant_id",
      "a.code as attribute",
      "a.display_type",
      "v.code",
      "t.name",
      "v.color_code1",
      "v.color_code2",
      "v.color_code3",
    ])
    .where("vav.variant_id", "in", variantIds)
    .execute();
}

/** Attribute codes a new attribute is named after in each language (the template's). */
const NAMED_ATTRIBUTES = new Set(["colour", "size"]);

/** A new attribute's name in `culture`: the language's word for a common code (colour, size), else its code, capitalised. */
export function newAttributeName(code: string, culture: Culture): string {
  return NAMED_ATTRIBUTES.has(code)
    ? translator(culture)(`Import.AttributeName.${code}`)
    : code.charAt(0).toUpperCase() + code.slice(1);
}

/** A writer's refusals as the API's field errors (`Variants.1.Sku`, `Category`: as zod names a body's fields), in the caller's language. */
export function refusedFields(errors: RowError[], t: (key: string, values?: Record<string, unknown>) => string) {
  const fields: Record<string, string[]> = {};
  for (const e of errors) {
    const field = fieldOf(e.column, e.row);
    fields[field] = [...(fields[field] ?? []), t(e.key, e.values ?? {})];
  }
  return fields;
}

/** A writer's column as the JSON body names it: `Variants.1.Sku`, `Category`. */
function fieldOf(column: string, row: number): string {
  const variant = row > 0 ? `Variants.${row - 1}.` : "";
  if (column === "sku") return `${variant}Sku`;
  if (column === "colour_codes") return `${variant}ColourCodes`;
  if (column.startsWith("stock.")) return `${variant}Stock.${column.slice(6)}`;
  const top: Record<string, string> = {
    category: "Category",
    images: "Images",
    related: "Related",
    product_key: "Key",
  };
  return top[column] ?? column;
}
