import { CULTURES, type Culture } from "~/lib/culture";
import { db } from "~/server/db/client";
import {
  brandSitemapSlugs,
  categorySitemapEntries,
  type Located,
  productSitemapEntries,
  productSitemapSize,
} from "./catalog-sitemap.repository";

export type { Located } from "./catalog-sitemap.repository";

/** The catalogue's addresses for the sitemaps (features/seo): categories, brands, products by culture. */
export function sitemapCategories(): Promise<Located[]> {
  return categorySitemapEntries(db());
}

export async function sitemapBrands(): Promise<Located[]> {
  const brands = await brandSitemapSlugs(db());
  return brands.map((b) => ({
    urls: Object.fromEntries(CULTURES.map((c) => [c, `/${c}/brand/${b.slug}`])),
    updated: b.updated,
  }));
}

export function sitemapProductSize(culture: Culture) {
  return productSitemapSize(db(), culture);
}

export function sitemapProducts(culture: Culture, offset: number, limit: number): AsyncGenerator<Located[]> {
  return productSitemapEntries(db(), culture, offset, limit);
}
