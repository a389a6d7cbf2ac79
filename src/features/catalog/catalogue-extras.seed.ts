import { CULTURES, type Culture } from "~/lib/culture";
import { slugify } from "~/lib/slug";
import type { DbHandle } from "~/server/db/client";
import { CATEGORIES, type Translated } from "~/server/db/seed/catalog-data";
import {
  FRAME_COUNT,
  FRAME_SIZE,
  LOGO_HEIGHT,
  LOGO_WIDTH,
  renderBrandLogo,
  renderFrame,
} from "~/server/db/seed/images";
import { Random } from "~/server/db/seed/random";
import { guidFor, insertMany } from "~/server/db/seed/seeder";

const TAGS: { code: string; name: Translated }[] = [
  {
    code: "new",
    name: { fr: "Nouveautés", nl: "Nieuw", es: "Novedades", de: "Neuheiten", it: "Novità", pt: "Novidades" },
  },
  {
    code: "organic",
    name: { fr: "Bio", nl: "Biologisch", es: "Ecológico", de: "Bio", it: "Biologico", pt: "Biológico" },
  },
  {
    code: "gift",
    name: {
      fr: "Idées cadeaux",
      nl: "Cadeau-ideeën",
      es: "Ideas para regalar",
      de: "Geschenkideen",
      it: "Idee regalo",
      pt: "Ideias para oferecer",
    },
  },
  {
    code: "made-in-europe",
    name: {
      fr: "Fabriqué en Europe",
      nl: "Gemaakt in Europa",
      es: "Hecho en Europa",
      de: "Hergestellt in Europa",
      it: "Prodotto in Europa",
      pt: "Feito na Europa",
    },
  },
  {
    code: "bestseller",
    name: {
      fr: "Meilleures ventes",
      nl: "Bestsellers",
      es: "Más vendidos",
      de: "Bestseller",
      it: "Più venduti",
      pt: "Mais vendidos",
    },
  },
];

/** Shapes that get a 360-degree view (objects one turns in the hand). */
const TURNTABLE_SHAPES = new Set(["shoe", "bag", "bottle", "hat"]);
const TURNTABLE_COLOUR = "#8a5a3c";
const RELATED_PER_PRODUCT = 4;

/** The asset library's seeded folders (catalog.seed.ts creates them). */
const PRODUCTS_FOLDER = 2;
const CONTENT_FOLDER = 3;

/** An asset row for a WebP the seed rendered (its JPEG twin sits beside it under the same key). */
function webpAsset(
  id: number,
  storageKey: string,
  folderId: number,
  width: number,
  height: number,
  size: number,
  now: Date,
) {
  return {
    id,
    guid: guidFor("asset", storageKey),
    folder_id: folderId,
    name: `${storageKey}.webp`,
    original_file_name: `${storageKey}.webp`,
    mime_type: "image/webp",
    width,
    height,
    size,
    storage_key: storageKey,
    created_at: now.toISOString(),
  };
}

/**
 * The demo catalogue's extras, deterministic from the seed: tags on products, related products from the
 * same category, 360-degree frame sets for turnable objects, and the business demo customer's own
 * references. Runs after the main seed, and on its own when an older demo database lacks them.
 */
export async function seedCatalogueExtras(handle: DbHandle, seed: number, now: Date): Promise<void> {
  const rnd = new Random(seed + 4);
  const db = handle.db;
  await insertMany(
    handle,
    "tags",
    TAGS.map((tag, i) => ({ id: i + 1, code: tag.code })),
  );
  await insertMany(
    handle,
    "tag_translations",
    TAGS.flatMap((tag, i) =>
      CULTURES.map((culture: Culture) => ({
        tag_id: i + 1,
        culture,
        name: tag.name[culture],
        slug: slugify(tag.name[culture]),
      })),
    ),
  );

  const products = await db.selectFrom("products").select(["id", "category_id"]).orderBy("id").execute();
  const productTags: { product_id: number; tag_id: number }[] = [];
  const byCategory = new Map<number, number[]>();
  for (const product of products) {
    byCategory.set(product.category_id, [...(byCategory.get(product.category_id) ?? []), product.id]);
    const count = rnd.int(0, 2);
    const picked = new Set<number>();
    for (let k = 0; k < count; k++) picked.add(rnd.int(1, TAGS.length));
    for (const tag of picked) productTags.push({ product_id: product.id, tag_id: tag });
  }
  await insertMany(handle, "product_tags", productTags);

  const relations: { product_id: number; related_product_id: number; position: number }[] = [];
  for (const ids of byCategory.values()) {
    for (const [index, id] of ids.entries()) {
      const others = ids.filter((other) => other !== id);
      for (let k = 0; k < Math.min(RELATED_PER_PRODUCT, others.length); k++) {
        relations.push({
          product_id: id,
          related_product_id: others[(index + k) % others.length] as number,
          position: k,
        });
      }
    }
  }
  await insertMany(handle, "product_relations", relations);

  // 360 frames: one set per turnable shape, shared by every third product of those categories.
  const categoryShapes = new Map<number, string>();
  CATEGORIES.forEach((category, i) => {
    if (category.shape && TURNTABLE_SHAPES.has(category.shape)) categoryShapes.set(i + 1, category.shape);
  });
  if (categoryShapes.size) {
    const maxAsset = await db
      .selectFrom("assets")
      .select((eb) => eb.fn.max<number>("id").as("id"))
      .executeTakeFirst();
    let assetId = Number(maxAsset?.id ?? 0);
    const frameAssets = new Map<string, number[]>();
    const assets: Record<string, unknown>[] = [];
    for (const shape of new Set(categoryShapes.values())) {
      const ids: number[] = [];
      for (let frame = 0; frame < FRAME_COUNT; frame++) {
        const storageKey = `360-${shape}-${frame}`;
        const size = await renderFrame(storageKey, shape as never, TURNTABLE_COLOUR, frame);
        assetId += 1;
        ids.push(assetId);
        assets.push(webpAsset(assetId, storageKey, PRODUCTS_FOLDER, FRAME_SIZE, FRAME_SIZE, size, now));
      }
      frameAssets.set(shape, ids);
    }
    await insertMany(handle, "assets", assets);
    const frames: { product_id: number; asset_id: number; frame: number }[] = [];
    for (const product of products) {
      const shape = categoryShapes.get(product.category_id);
      if (!shape || product.id % 3 !== 0) continue;
      for (const [frame, id] of (frameAssets.get(shape) ?? []).entries())
        frames.push({ product_id: product.id, asset_id: id, frame });
    }
    await insertMany(handle, "product_frames", frames);
  }

  // Brand logos, in the asset library's Content folder.
  const brands = await db.selectFrom("brands").select(["id", "name", "slug"]).orderBy("id").execute();
  const lastAsset = await db
    .selectFrom("assets")
    .select((eb) => eb.fn.max<number>("id").as("id"))
    .executeTakeFirst();
  let logoId = Number(lastAsset?.id ?? 0);
  const logos: Record<string, unknown>[] = [];
  const logoOf = new Map<number, number>();
  for (const brand of brands) {
    const storageKey = `logo-${brand.slug}`;
    const size = await renderBrandLogo(storageKey, brand.name, (brand.id * 47) % 360);
    logoId += 1;
    logoOf.set(brand.id, logoId);
    logos.push(webpAsset(logoId, storageKey, CONTENT_FOLDER, LOGO_WIDTH, LOGO_HEIGHT, size, now));
  }
  await insertMany(handle, "assets", logos);
  for (const [brandId, assetId] of logoOf) {
    await db.updateTable("brands").set({ logo_asset_id: assetId }).where("id", "=", brandId).execute();
  }

  // The business demo customer has given some variants their own references.
  const business = await db.selectFrom("customers").select("id").where("is_business", "=", 1).orderBy("id").execute();
  const variants = await db.selectFrom("product_variants").select(["id"]).orderBy("id").limit(30).execute();
  const references: Record<string, unknown>[] = [];
  for (const customer of business) {
    for (const [index, variant] of variants.entries()) {
      if (index % 2) continue;
      references.push({
        customer_id: customer.id,
        variant_id: variant.id,
        reference: `REF-${String(1000 + index).padStart(5, "0")}`,
        updated_at: now.toISOString(),
      });
    }
  }
  await insertMany(handle, "customer_references", references);
}

/** Whether a seeded database still lacks the extras (it was seeded before they existed). */
export async function lacksCatalogueExtras(handle: DbHandle): Promise<boolean> {
  const row = await handle.db
    .selectFrom("tags")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}
