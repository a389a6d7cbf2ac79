import type { Insertable } from "kysely";
import { CULTURES } from "~/lib/culture";
import { slugify, slugWithId } from "~/lib/slug";
import type { Database } from "~/server/db/schema";
import {
  ATTRIBUTE_NAMES,
  BRANDS,
  CARE_DESCRIPTION,
  CATEGORIES,
  COLOURS,
  DESCRIPTION_TEMPLATES,
  FITS,
  MATERIALS,
  MODELS,
  SCENTS,
  SIZE_SETS,
  type Translated,
  WAREHOUSES,
} from "~/server/db/seed/catalog-data";
import { IMAGE_SIZE, renderProductImage } from "~/server/db/seed/images";
import { DAY, fillTemplate, guidFor, insertMany, type SeedContext } from "~/server/db/seed/seeder";

const IMAGE_VIEWS = 3;
const sellable = CATEGORIES.filter((c) => c.productType);

/** Warehouses, brands, the category tree and the asset folders. */
async function seedStructure(ctx: SeedContext) {
  const { handle } = ctx;
  await insertMany(
    handle,
    "warehouses",
    WAREHOUSES.map((w, i) => ({ id: i + 1, code: w.code, name: w.name, city: w.city, is_active: 1 })),
  );

  await insertMany(
    handle,
    "brands",
    BRANDS.map((name, i) => ({ id: i + 1, name, slug: slugify(name) })),
  );
  const categoryIds = new Map(CATEGORIES.map((c, i) => [c.code, i + 1]));
  await insertMany(handle, "asset_folders", [
    { id: 1, parent_id: null, name: "Assets", item_level: 0 },
    { id: 2, parent_id: 1, name: "Products", item_level: 1 },
    { id: 3, parent_id: 1, name: "Content", item_level: 1 },
  ]);
  await insertMany(
    handle,
    "categories",
    CATEGORIES.map((c, i) => ({
      id: i + 1,
      parent_id: c.parent ? (categoryIds.get(c.parent) ?? null) : null,
      position: i,
      image_asset_id: null,
      code: c.code,
    })),
  );
  await insertMany(
    handle,
    "category_translations",
    CATEGORIES.flatMap((c, i) =>
      CULTURES.map((culture) => ({
        category_id: i + 1,
        culture,
        name: c.name[culture],
        slug: slugify(c.name[culture]),
        description: c.description[culture],
      })),
    ),
  );

  return { categoryIds };
}

/** Attributes: colour (swatches) and size (select), and their values. */
async function seedAttributes(ctx: SeedContext) {
  const { handle } = ctx;
  await insertMany(handle, "attributes", [
    { id: 1, code: "colour", display_type: "Square", position: 0 },
    { id: 2, code: "size", display_type: "Select", position: 1 },
  ]);
  await insertMany(
    handle,
    "attribute_translations",
    (["colour", "size"] as const).flatMap((code, i) =>
      CULTURES.map((culture) => ({ attribute_id: i + 1, culture, name: ATTRIBUTE_NAMES[code][culture] })),
    ),
  );
  const colourValueIds = new Map<string, number>();
  const sizeValueIds = new Map<string, number>();
  const attributeValues: Database["attribute_values"][] = [];
  const attributeValueNames: Database["attribute_value_translations"][] = [];
  let valueId = 1;
  for (const [position, colour] of COLOURS.entries()) {
    colourValueIds.set(colour.code, valueId);
    attributeValues.push({
      id: valueId,
      attribute_id: 1,
      code: colour.code,
      position,
      color_code1: colour.colours[0],
      color_code2: colour.colours[1] ?? null,
      color_code3: colour.colours[2] ?? null,
    });
    for (const culture of CULTURES) {
      attributeValueNames.push({ attribute_value_id: valueId, culture, name: colour.name[culture] });
    }
    valueId++;
  }
  const allSizes = [...new Set(Object.values(SIZE_SETS).flat())];
  for (const [position, size] of allSizes.entries()) {
    sizeValueIds.set(size, valueId);
    attributeValues.push({
      id: valueId,
      attribute_id: 2,
      code: size,
      position,
      color_code1: null,
      color_code2: null,
      color_code3: null,
    });
    for (const culture of CULTURES) attributeValueNames.push({ attribute_value_id: valueId, culture, name: size });
    valueId++;
  }
  await insertMany(handle, "attribute_values", attributeValues);
  await insertMany(handle, "attribute_value_translations", attributeValueNames);

  return { colourValueIds, sizeValueIds };
}

/** Product photos: a pool rendered per (category shape, colour, view), shared by the products that use it. */
async function seedPhotos(ctx: SeedContext) {
  const { handle, now } = ctx;
  const iso = (d: Date) => d.toISOString();
  const { log, started } = ctx;
  const imageAssets = new Map<string, number>();
  const assetRows: Insertable<Database["assets"]>[] = [];
  const renders: {
    storageKey: string;
    shape: NonNullable<(typeof sellable)[number]["shape"]>;
    colours: readonly string[];
    view: number;
  }[] = [];
  for (const category of sellable) {
    const palettes = category.hasColours
      ? COLOURS.map((c) => ({ code: c.code, colours: c.colours as readonly string[] }))
      : [{ code: "plain", colours: ["#3a7d6b"] as readonly string[] }];
    for (const palette of palettes) {
      for (let view = 0; view < IMAGE_VIEWS; view++) {
        renders.push({
          storageKey: `${category.code}-${palette.code}-${view}`,
          shape: category.shape ?? "bag",
          colours: palette.colours,
          view,
        });
      }
    }
  }
  // sharp works on its own thread pool: keep a few renders in flight.
  const sizes = new Map<string, number>();
  for (let i = 0; i < renders.length; i += 8) {
    await Promise.all(
      renders.slice(i, i + 8).map(async (r) => {
        sizes.set(r.storageKey, (await renderProductImage(r.storageKey, r.shape, r.colours, r.view)).webpSize);
      }),
    );
  }
  for (const [index, r] of renders.entries()) {
    const assetId = index + 1;
    imageAssets.set(r.storageKey, assetId);
    assetRows.push({
      id: assetId,
      guid: guidFor("asset", r.storageKey),
      folder_id: 2,
      name: `${r.storageKey}.webp`,
      original_file_name: `${r.storageKey}.webp`,
      mime_type: "image/webp",
      width: IMAGE_SIZE,
      height: IMAGE_SIZE,
      size: sizes.get(r.storageKey) ?? 0,
      storage_key: r.storageKey,
      created_at: iso(now),
    });
  }
  await insertMany(handle, "assets", assetRows);
  log(`images ready (${assetRows.length} assets) in ${Date.now() - started} ms`);

  return { imageAssets };
}

type Refs = Awaited<ReturnType<typeof seedStructure>> &
  Awaited<ReturnType<typeof seedAttributes>> &
  Awaited<ReturnType<typeof seedPhotos>>;

const GENDERS = ["unisex", "female", "male"] as const;

/** Products with their translations, variants, tiered prices, price history, stock and photos. */
async function seedProducts(ctx: SeedContext, { categoryIds, colourValueIds, sizeValueIds, imageAssets }: Refs) {
  const { handle, now } = ctx;
  const iso = (d: Date) => d.toISOString();
  const { rnd, options, log, started } = ctx;
  const products: Insertable<Database["products"]>[] = [];
  const productNames: Database["product_translations"][] = [];
  const variants: Database["product_variants"][] = [];
  // The demo's reduced prices are its winter sale, ending with the home banner's countdown: the first of
  // a month more than a year after the day it is seeded (an ended sale would give the prices back).
  const today = new Date(Math.max(now.getTime(), Date.now()));
  const saleEnd = new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth() + 1, 1)).toISOString();
  const variantValues: Database["variant_attribute_values"][] = [];
  const prices: Database["prices"][] = [];
  const history: Omit<Database["price_history"], "id">[] = [];
  const stock: Database["stock"][] = [];
  const productAssets: Database["product_assets"][] = [];
  let variantId = 1;

  const flush = async () => {
    await insertMany(handle, "products", products.splice(0));
    await insertMany(handle, "product_translations", productNames.splice(0));
    await insertMany(handle, "product_variants", variants.splice(0));
    await insertMany(handle, "variant_attribute_values", variantValues.splice(0));
    await insertMany(handle, "prices", prices.splice(0));
    await insertMany(handle, "price_history", history.splice(0));
    await insertMany(handle, "stock", stock.splice(0));
    await insertMany(handle, "product_assets", productAssets.splice(0));
  };

  for (let productId = 1; productId <= options.products; productId++) {
    const category = sellable[(productId - 1) % sellable.length] as (typeof sellable)[number];
    const brandIndex = rnd.int(0, BRANDS.length - 1);
    const brand = BRANDS[brandIndex] as string;
    const model = MODELS[Math.floor((productId - 1) / sellable.length) % MODELS.length] as string;
    const qualifier: Translated = category.materials
      ? (MATERIALS[rnd.pick(category.materials)] as Translated)
      : rnd.pick(SCENTS);
    const fit = rnd.pick(FITS);
    const createdAt = new Date(now.getTime() - rnd.int(60, 400) * DAY);
    const volumeMl = category.unitMeasure ? rnd.pick([500, 750, 1000, 1500]) : null;

    products.push({
      id: productId,
      category_id: categoryIds.get(category.code) as number,
      brand_id: brandIndex + 1,
      vat_class: "standard",
      is_active: 1,
      is_featured: productId % 9 === 1 ? 1 : 0,
      unit_measure: category.unitMeasure ?? null,
      unit_content_milli: volumeMl,
      created_at: iso(createdAt),
      updated_at: iso(createdAt),
      product_key: `VT-${String(productId).padStart(5, "0")}`,
      // Apparel and accessories carry Google's gender and age group (not the care products); not drawn
      // from the seed's sequence, which would move every later product.
      gender:
        category.code === "care" ? null : category.code === "dresses" ? "female" : (GENDERS[productId % 3] ?? null),
      age_group: category.code === "care" ? null : "adult",
    });
    for (const culture of CULTURES) {
      const type = (category.productType as Translated)[culture];
      const name = `${type} ${model} ${qualifier[culture]}${volumeMl ? ` ${volumeMl >= 1000 ? `${volumeMl / 1000} l` : `${volumeMl} ml`}` : ""}`;
      const values = { type, model, material: qualifier[culture], brand, fit: fit[culture] };
      const description = category.unitMeasure
        ? fillTemplate(CARE_DESCRIPTION[culture], values)
        : DESCRIPTION_TEMPLATES.map((t) => fillTemplate(t[culture], values)).join(" ");
      productNames.push({ product_id: productId, culture, name, slug: slugWithId(name, productId), description });
    }

    // Variations: some colours, a run of sizes, a few combinations that do not exist.
    const colourCodes = category.hasColours ? rnd.sample(COLOURS, rnd.int(1, 4)).map((c) => c.code) : [null];
    const sizeSet = category.sizes && category.sizes !== "none" ? SIZE_SETS[category.sizes] : [null];
    const sizeStart = sizeSet.length > 4 ? rnd.int(0, sizeSet.length - 4) : 0;
    const sizes =
      sizeSet.length > 4 ? sizeSet.slice(sizeStart, sizeStart + rnd.int(4, sizeSet.length - sizeStart)) : sizeSet;
    const basePrice = Math.round(rnd.int(category.price?.[0] ?? 1000, category.price?.[1] ?? 5000) / 10) * 10;
    const tiered = rnd.chance(0.25);
    const reduced = rnd.chance(0.2);
    const step = category.quantityStep ?? 1;
    let first = true;
    for (const colour of colourCodes) {
      for (const size of sizes) {
        const combos = colourCodes.length * sizes.length;
        if (!first && combos > 2 && rnd.chance(0.1)) continue; // this combination is not made
        const id = variantId++;
        variants.push({
          id,
          product_id: productId,
          sku: `VT-${String(productId).padStart(5, "0")}-${colour ? colour.toUpperCase() : "STD"}${size ? `-${size}` : ""}`,
          ean: null,
          is_default: first ? 1 : 0,
          min_quantity: step,
          max_quantity: category.code === "jackets" ? 5 : null,
          step_quantity: step,
          sale_ends_at: reduced ? saleEnd : null,
        });
        first = false;
        if (colour) variantValues.push({ variant_id: id, attribute_value_id: colourValueIds.get(colour) as number });
        if (size) variantValues.push({ variant_id: id, attribute_value_id: sizeValueIds.get(size) as number });

        const current = reduced ? Math.round((basePrice * 0.8) / 10) * 10 : basePrice;
        prices.push({ variant_id: id, min_quantity: 1, amount_tax_excl: current });
        if (tiered) {
          prices.push({
            variant_id: id,
            min_quantity: Math.max(3, step * 2),
            amount_tax_excl: Math.round(current * 0.95),
          });
          prices.push({
            variant_id: id,
            min_quantity: Math.max(10, step * 5),
            amount_tax_excl: Math.round(current * 0.9),
          });
        }
        history.push({ variant_id: id, amount_tax_excl: basePrice, valid_from: iso(createdAt) });
        if (reduced)
          history.push({
            variant_id: id,
            amount_tax_excl: current,
            valid_from: iso(new Date(now.getTime() - 7 * DAY)),
          });

        const outOfStock = rnd.chance(0.12);
        for (let w = 1; w <= WAREHOUSES.length; w++) {
          stock.push({
            variant_id: id,
            warehouse_id: w,
            quantity: outOfStock ? 0 : rnd.chance(0.3) ? 0 : rnd.int(1, 40),
          });
        }
      }
    }

    // Photos: every colour of the product gets its views.
    let position = 0;
    for (const colour of colourCodes) {
      for (let view = 0; view < IMAGE_VIEWS; view++) {
        const key = `${category.code}-${colour ?? "plain"}-${view}`;
        productAssets.push({
          product_id: productId,
          asset_id: imageAssets.get(key) as number,
          attribute_value_id: colour ? (colourValueIds.get(colour) as number) : null,
          position: position++,
        });
      }
    }

    if (productId % 2000 === 0) {
      await flush();
      log(`${productId} products in ${Date.now() - started} ms`);
    }
  }
  await flush();
}

/** The catalogue of the demo shop, deterministic for the seed number. */
export async function seedCatalog(ctx: SeedContext): Promise<void> {
  const structure = await seedStructure(ctx);
  const attributes = await seedAttributes(ctx);
  const photos = await seedPhotos(ctx);
  await seedProducts(ctx, { ...structure, ...attributes, ...photos });
}
