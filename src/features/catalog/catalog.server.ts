import { priceCountryCode } from "~/features/pricing/price-country.server";
import { cheapestDelivery } from "~/features/pricing/pricing.server";
import type { Culture } from "~/lib/culture";
import { withVat } from "~/lib/money";
import { memoize, memoizePublic, REFERENCE_TTL_MS } from "~/server/cache";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { type ListFilter, type ListQuery, type Paging, type ProductCard, paging } from "./catalog";
import {
  allBrands,
  brandBySlug,
  type CategoryNode,
  categories,
  countProducts,
  facetCounts,
  firstProductWithFrames,
  type ProductDetail,
  type ProductFilter,
  productById,
  productBySlug,
  productCards,
  productFrames,
  productImages,
  productTags,
  relatedProductIds,
  tagBySlug,
  translatedSlugs,
  variantEan,
  vatRate,
} from "./catalog.repository";
import { productOffers } from "./catalog-feed.server";
import { type VariantSummaryRow, variantSummaryRows } from "./product/variant-summaries.repository";
import { chooseVariant, type ProductPageFacts, valuesOfVariant } from "./product/variants.server";
import { saleEnd } from "./sales.server";

export interface PricedCard extends ProductCard {
  priceTaxIncl: number;
}

export interface ProductList {
  cards: PricedCard[];
  total: number;
  paging: Paging;
  facets: Facets;
}

export interface Facets {
  brands: { id: number; name: string; count: number }[];
  attributes: {
    id: number;
    name: string;
    displayType: string;
    values: { id: number; name: string; colors: string[]; count: number }[];
  }[];
  /** Tax included, whole euros, for the price inputs. */
  priceRange: { min: number; max: number } | null;
}

/** The shopper's filter (tax-included euros) as database conditions (tax-excluded cents). */
function withListFilter(base: ProductFilter, filter: ListFilter, rate: number): ProductFilter {
  const toExcl = (euros: number) => Math.round((euros * 100 * 10000) / (10000 + rate));
  return {
    ...base,
    ...(filter.Brands ? { brandIds: filter.Brands } : {}),
    ...(filter.ProductAttributes ? { attributeValues: filter.ProductAttributes } : {}),
    ...(filter.PriceMin !== undefined ? { priceMinTaxExcl: toExcl(filter.PriceMin) } : {}),
    ...(filter.PriceMax !== undefined ? { priceMaxTaxExcl: toExcl(filter.PriceMax) } : {}),
    ...(filter.InStock ? { inStock: true } : {}),
  };
}

async function priced(cards: ProductCard[], country = priceCountryCode()): Promise<PricedCard[]> {
  const rate = await vatRate(country);
  return cards.map((card) => ({ ...card, priceTaxIncl: withVat(card.priceTaxExcl, rate) }));
}

/**
 * A product list (category, brand, tag, search, facets fragment) for the shopper's price country. The
 * same for every shopper of a culture and country until public data changes: kept by version.
 */
function list(
  culture: Culture,
  base: ProductFilter,
  query: ListQuery,
  listFilter: ListFilter = {},
): Promise<ProductList> {
  return publicList(culture, base, query, listFilter, priceCountryCode());
}

const publicList = memoizePublic(
  async (
    culture: Culture,
    base: ProductFilter,
    query: ListQuery,
    listFilter: ListFilter,
    country: string,
  ): Promise<ProductList> => {
    const rate = await vatRate(country);
    const filter = withListFilter(base, listFilter, rate);
    const [total, counts] = await Promise.all([
      countProducts(db(), culture, filter),
      facetCounts(db(), culture, filter),
    ]);
    const page = paging(total, query.pageSize, query.pageindex);
    const cards = await productCards(
      db(),
      culture,
      filter,
      { offset: (page.currentPages - 1) * query.pageSize, limit: query.pageSize },
      query.sort,
    );
    const attributes: Facets["attributes"] = [];
    for (const value of counts.values) {
      let attribute = attributes.find((a) => a.id === value.attributeId);
      if (!attribute) {
        attribute = { id: value.attributeId, name: value.attributeName, displayType: value.displayType, values: [] };
        attributes.push(attribute);
      }
      attribute.values.push({ id: value.id, name: value.name, colors: value.colors, count: value.count });
    }
    const range = counts.priceRangeTaxExcl;
    return {
      cards: await priced(cards, country),
      total,
      paging: page,
      facets: {
        brands: counts.brands,
        attributes,
        priceRange: range
          ? { min: Math.floor(withVat(range.min, rate) / 100), max: Math.ceil(withVat(range.max, rate) / 100) }
          : null,
      },
    };
  },
);

/** Top-level categories with their children, for the header navigation and the home page. */
export async function navigation(culture: Culture): Promise<(CategoryNode & { children: CategoryNode[] })[]> {
  const all = await categories(culture);
  return all
    .filter((c) => c.parentId === null)
    .map((c) => ({ ...c, children: all.filter((k) => k.parentId === c.id) }));
}

export interface MenuEntry extends CategoryNode {
  children: CategoryNode[];
  /** The product shown in the category's panel (its first featured or first product), without a price. */
  feature: { name: string; slug: string; image: { guid: string; alt: string } } | null;
}

/**
 * The header's category menu: two levels and a featured photo per top category. Kept a minute in
 * memory like the tree itself (every page draws it); no price in it, since prices follow the shopper.
 */
export const navigationMenu = memoize(REFERENCE_TTL_MS, async (culture: Culture): Promise<MenuEntry[]> => {
  const tops = await navigation(culture);
  return Promise.all(
    tops.map(async (top) => {
      const ids = [top.id, ...top.children.map((c) => c.id)];
      // The default order puts featured products first.
      const [first] = await productCards(db(), culture, { categoryIds: ids }, { offset: 0, limit: 1 });
      return {
        ...top,
        feature: first?.image ? { name: first.name, slug: first.slug, image: first.image } : null,
      };
    }),
  );
});

export async function brands() {
  return allBrands();
}

/** The first products of a category and its children (carousels). */
export async function categoryProducts(culture: Culture, categoryId: number, limit: number): Promise<PricedCard[]> {
  const all = await categories(culture);
  const ids = [categoryId, ...all.filter((c) => c.parentId === categoryId).map((c) => c.id)];
  return priced(await productCards(db(), culture, { categoryIds: ids }, { offset: 0, limit }));
}

export async function featuredProducts(culture: Culture, limit = 8): Promise<PricedCard[]> {
  return priced(await productCards(db(), culture, { featured: true }, { offset: 0, limit }));
}

export async function categoryPage(culture: Culture, slug: string, query: ListQuery, listFilter: ListFilter = {}) {
  const all = await categories(culture);
  const category = all.find((c) => c.slug === slug);
  if (!category) return null;
  // A parent category lists the products of its children too.
  const ids = [category.id, ...all.filter((c) => c.parentId === category.id).map((c) => c.id)];
  const [products, slugs] = await Promise.all([
    list(culture, { categoryIds: ids }, query, listFilter),
    translatedSlugs(db(), "category", category.id),
  ]);
  const parent = all.find((c) => c.id === category.parentId) ?? null;
  return { category, parent, products, slugs, children: all.filter((c) => c.parentId === category.id) };
}

/** A brand's products; the brand facet cannot widen the list beyond the brand. */
export async function brandPage(culture: Culture, slug: string, query: ListQuery, listFilter: ListFilter = {}) {
  const brand = await brandBySlug(db(), slug);
  if (!brand) return null;
  const { Brands: _ignored, ...rest } = listFilter;
  return { brand, products: await list(culture, { brandIds: [brand.id] }, query, rest) };
}

/** The products carrying a tag (the tag search page). */
export async function tagPage(culture: Culture, slug: string, query: ListQuery, listFilter: ListFilter = {}) {
  const tag = await tagBySlug(db(), culture, slug);
  if (!tag) return null;
  const [products, slugs] = await Promise.all([
    list(culture, { tagIds: [tag.id] }, query, listFilter),
    translatedSlugs(db(), "tag", tag.id),
  ]);
  return { tag, products, slugs };
}

/** Related products of a product page, priced like any card. */
export function relatedProducts(culture: Culture, productId: number): Promise<PricedCard[]> {
  return relatedCards(culture, productId, priceCountryCode());
}

async function relatedCards(culture: Culture, productId: number, country: string): Promise<PricedCard[]> {
  const ids = await relatedProductIds(db(), productId);
  if (!ids.length) return [];
  const cards = await priced(
    await productCards(db(), culture, { productIds: ids }, { offset: 0, limit: ids.length }),
    country,
  );
  return ids.flatMap((id) => cards.filter((c) => c.id === id));
}

/** A product's 360-degree frames (first product with a frame set when none is named: previews). */
export async function productFrameSet(productId?: number): Promise<string[]> {
  const id = productId ?? (await firstProductWithFrames(db()));
  return id ? productFrames(db(), id) : [];
}

/** What a product row's quick view shows: the default variant, the first photo and the description. */
export async function quickView(culture: Culture, productId: number) {
  const product = await productById(db(), culture, productId);
  if (!product) return null;
  const [choice, images] = await Promise.all([
    chooseVariant(productId, [], null, culture),
    productImages(db(), productId),
  ]);
  if (!choice) return null;
  return { product, variant: choice.ProductVariantViewModel, image: images[0]?.guid ?? null };
}

/**
 * A variant's photo gallery (the ProductPhotosGallery fragment, spec 001 section 3): the product's name
 * and photos, the variant's colour first. Null when the product is unknown or the variant not its own.
 */
export async function variantGallery(culture: Culture, productId: number, variantId: number) {
  const [product, values] = await Promise.all([
    productById(db(), culture, productId),
    valuesOfVariant(productId, variantId, culture),
  ]);
  if (!product || !values) return null;
  const photos = photosForChoice(await productImages(db(), productId), new Set(values));
  return { productId, name: product.name, slug: product.slug, photos };
}

export async function searchPage(
  culture: Culture,
  query: ListQuery,
  listFilter: ListFilter = {},
): Promise<ProductList> {
  return list(culture, query.q ? { text: query.q } : {}, query, listFilter);
}

export interface ProductPage {
  product: ProductDetail;
  images: { guid: string; valueId: number | null }[];
  slugs: Partial<Record<Culture, string>>;
  categoryName: string;
  tags: { name: string; slug: string }[];
  related: PricedCard[];
}

/** A product page's own data; prices and stock come with the chosen variant (variants.server buyBox). */
export function productPage(culture: Culture, slug: string): Promise<ProductPage | null> {
  return publicProductPage(culture, slug, priceCountryCode());
}

/** Kept until public data changes (decision 051); the related cards are priced for the country. */
const publicProductPage = memoizePublic(
  async (culture: Culture, slug: string, country: string): Promise<ProductPage | null> => {
    const product = await productBySlug(db(), culture, slug);
    if (!product) return null;
    const [images, slugs, tree, tags, related] = await Promise.all([
      productImages(db(), product.id),
      translatedSlugs(db(), "product", product.id),
      categories(culture),
      productTags(db(), culture, product.id),
      relatedCards(culture, product.id, country),
    ]);
    const categoryName = tree.find((c) => c.id === product.categoryId)?.name ?? "";
    return { product, images, slugs, categoryName, tags, related };
  },
);

/** Photos of the chosen colour first (the page without JavaScript shows the shopper's colour). */
export function photosForChoice<T extends { valueId: number | null }>(
  images: readonly T[],
  chosen: ReadonlySet<number>,
): T[] {
  const matches = (image: T) => image.valueId !== null && chosen.has(image.valueId);
  return [...images.filter(matches), ...images.filter((image) => !matches(image))];
}

/** The facets of a category (with its children) or a brand, for the ListFilter fragment. */
export async function filterFragment(
  culture: Culture,
  categoryId: number | undefined,
  brandId: number | undefined,
  filter: ListFilter,
) {
  const all = await categories(culture);
  const category = categoryId ? all.find((c) => c.id === categoryId) : undefined;
  if (categoryId && !category) return null;
  const base: ProductFilter = {
    ...(category
      ? { categoryIds: [category.id, ...all.filter((c) => c.parentId === category.id).map((c) => c.id)] }
      : {}),
    ...(brandId ? { brandIds: [brandId] } : {}),
  };
  const result = await list(
    culture,
    base,
    { display: "grid", sort: "featured", pageSize: 12, pageindex: 1, filter: undefined, q: undefined },
    filter,
  );
  return { facets: result.facets, action: category ? `/${culture}/c/${category.slug}` : `/${culture}/catalog` };
}

/** A stored asset by its public id (the media route). */
export { assetByGuid } from "./catalog.repository";

export interface VariantSummary extends Omit<VariantSummaryRow, "priceTaxExcl" | "vatClass"> {
  /** Base unit price in the shopper's country, tax included, cents. */
  priceTaxIncl: number;
}

/** The variants a list holds, priced for the shopper's country, keyed by variant id. */
export async function variantSummaries(
  culture: Culture,
  variantIds: readonly number[],
): Promise<Map<number, VariantSummary>> {
  const rows = await variantSummaryRows(db(), culture, [...new Set(variantIds)]);
  const country = priceCountryCode();
  const result = new Map<number, VariantSummary>();
  for (const { priceTaxExcl, vatClass, ...row } of rows)
    result.set(row.variantId, { ...row, priceTaxIncl: withVat(priceTaxExcl, await vatRate(country, vatClass)) });
  return result;
}

/**
 * What a product page tells search engines beside the product (its structured data): the variant's
 * GTIN, the category trail, the cheapest shipping to the shopper's price country, the return policy.
 */
export async function productPageFacts(
  culture: Culture,
  productId: number,
  categoryId: number,
  variantId: number,
  home: string,
): Promise<ProductPageFacts> {
  const all = await categories(culture);
  const trail: ProductPageFacts["trail"] = [];
  for (let c = all.find((x) => x.id === categoryId); c; c = all.find((x) => x.id === c?.parentId)) {
    trail.unshift({ name: c.name, path: `/${culture}/c/${c.slug}` });
    if (trail.length > 10) break;
  }
  const country = priceCountryCode();
  const delivery = await cheapestDelivery(country, culture);
  // Every variant as the product feeds list it, priced for this country: one offer each (ProductGroup).
  const listed = await productOffers(culture, productId);
  const rate = await vatRate(country, listed[0]?.vatClass ?? "standard");
  return {
    gtin: await variantEan(db(), variantId),
    saleEndsAt: await saleEnd(variantId),
    trail: [{ name: home, path: `/${culture}/` }, ...trail],
    country,
    shippingTaxIncl: delivery === null ? null : withVat(delivery.amountTaxExcl, await vatRate(country)),
    transitDays: delivery?.transitDays ?? null,
    handlingDays: { min: 0, max: env().HANDLING_DAYS },
    returnDays: env().RETURN_DAYS,
    returnFees: env().RETURN_FEES,
    productKey: listed[0]?.productKey ?? `P${productId}`,
    variants: listed.map((v) => ({
      variantId: v.variantId,
      sku: v.sku,
      gtin: v.ean,
      colour: v.colour,
      size: v.size,
      priceTaxIncl: withVat(v.priceTaxExcl, rate),
      inStock: v.stock > 0,
      images: v.images,
    })),
    gender: listed[0]?.gender ?? null,
    ageGroup: listed[0]?.ageGroup ?? null,
  };
}
