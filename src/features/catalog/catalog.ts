import { z } from "zod";

export const DEFAULT_PAGE_SIZE = 24;
export const PAGE_SIZES = [12, 24, 48] as const;

export const DISPLAY_MODES = ["grid", "list"] as const;
export const SORTS = ["featured", "name", "price-asc", "price-desc", "newest"] as const;
export type Sort = (typeof SORTS)[number];

/** List query parameters (spec 001 section 2); anything unusable falls back to its default rather than failing the page. */
export const ListQuerySchema = z.object({
  display: z.enum(DISPLAY_MODES).catch("grid"),
  sort: z.enum(SORTS).catch("featured"),
  filter: z.string().max(4000).optional().catch(undefined),
  pageindex: z.coerce.number().int().min(1).max(10000).catch(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(DEFAULT_PAGE_SIZE),
  q: z.string().trim().max(200).optional().catch(undefined),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

export { type Paging, paging } from "~/lib/paging";

export interface ProductCard {
  id: number;
  defaultVariantId: number;
  defaultSku: string;
  /** The quantity a card adds (the default variant's minimum). */
  defaultMinQuantity: number;
  /** Products with several variants are chosen on their page; others can be added from the card. */
  hasVariations: boolean;
  name: string;
  slug: string;
  brand: string;
  category: string;
  /** Lowest unit price tax excluded, in cents. */
  priceTaxExcl: number;
  /** Whether variants differ in price ("from ..."). */
  priceVaries: boolean;
  image: { guid: string; alt: string } | null;
  inStock: boolean;
}

/** A product's variant by the attribute values it is made of. */
export interface VariantShape {
  id: number;
  valueIds: readonly number[];
}

export interface AttributeShape {
  id: number;
  /** Value ids in display order. */
  valueIds: readonly number[];
}

/**
 * The variant for the values a shopper chose, and the values that cannot be chosen with the others.
 * An exact match wins; otherwise the variant sharing the most chosen values, earlier attributes first
 * (the shopper's latest choice is kept when the old combination does not exist). A value is unavailable
 * when no variant has it together with the chosen values of the other attributes.
 */
export function resolveVariant(
  variants: readonly VariantShape[],
  attributes: readonly AttributeShape[],
  chosen: readonly number[],
  lastChanged?: number,
): { variant: VariantShape | null; unavailable: Set<number> } {
  const chosenSet = new Set(chosen);
  const score = (v: VariantShape) => {
    let s = 0;
    for (const [index, attribute] of attributes.entries()) {
      const pick = attribute.valueIds.find((id) => chosenSet.has(id));
      if (pick !== undefined && v.valueIds.includes(pick)) s += 2 ** (attributes.length - index);
    }
    if (lastChanged !== undefined && v.valueIds.includes(lastChanged)) s += 2 ** (attributes.length + 1);
    return s;
  };
  let variant: VariantShape | null = null;
  let best = -1;
  for (const v of variants) {
    const s = score(v);
    if (s > best) {
      best = s;
      variant = v;
    }
  }
  const selected = new Set(variant?.valueIds ?? []);
  const unavailable = new Set<number>();
  for (const attribute of attributes) {
    const others = [...selected].filter((id) => !attribute.valueIds.includes(id));
    for (const valueId of attribute.valueIds) {
      const exists = variants.some((v) => v.valueIds.includes(valueId) && others.every((o) => v.valueIds.includes(o)));
      if (!exists) unavailable.add(valueId);
    }
  }
  return { variant, unavailable };
}

export interface PriceChange {
  amountTaxExcl: number;
  /** ISO time the price took effect. */
  validFrom: string;
}

export const OMNIBUS_WINDOW_DAYS = 30;

/**
 * EU Omnibus directive: when the current price is a reduction, the lowest price applied in the 30 days
 * before the reduction started (the price in force at the start of the window counts). Null when the
 * current price is not a reduction.
 */
export function omnibusReference(history: readonly PriceChange[], now: Date = new Date()): number | null {
  const past = [...history]
    .filter((h) => Date.parse(h.validFrom) <= now.getTime())
    .sort((a, b) => Date.parse(a.validFrom) - Date.parse(b.validFrom));
  if (past.length < 2) return null;
  const current = past[past.length - 1] as PriceChange;
  const previous = past[past.length - 2] as PriceChange;
  if (current.amountTaxExcl >= previous.amountTaxExcl) return null;
  const reductionStart = Date.parse(current.validFrom);
  const windowStart = reductionStart - OMNIBUS_WINDOW_DAYS * 86_400_000;
  const before = past.slice(0, -1);
  let lowest: number | null = null;
  for (const [index, change] of before.entries()) {
    const from = Date.parse(change.validFrom);
    const until = index + 1 < past.length ? Date.parse((past[index + 1] as PriceChange).validFrom) : reductionStart;
    if (until > windowStart && from < reductionStart)
      lowest = lowest === null ? change.amountTaxExcl : Math.min(lowest, change.amountTaxExcl);
  }
  return lowest;
}

/** The filter of a list (spec 001 section 3): keyed by filter name; ProductAttributes maps attribute ids to value ids. */
export interface ListFilter {
  Brands?: number[];
  ProductAttributes?: Record<string, number[]>;
  /** Tax included, in euros. */
  PriceMin?: number;
  PriceMax?: number;
  InStock?: boolean;
}

const ids = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value])
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n > 0 && n < 2_147_483_647)
    .slice(0, 100);
const amount = (value: unknown): number | undefined => {
  const n = typeof value === "string" ? Number(value.replace(",", ".")) : Number(value);
  return value !== undefined && value !== null && value !== "" && Number.isFinite(n) && n >= 0 && n < 1_000_000
    ? n
    : undefined;
};

/** Reads the filter from its JSON text; junk is dropped, not an error (a shared link must still open). */
export function parseListFilter(text: string | undefined | null): ListFilter {
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  const r = raw as Record<string, unknown>;
  const filter: ListFilter = {};
  const brands = ids(r.Brands ?? []);
  if (brands.length) filter.Brands = brands;
  if (r.ProductAttributes && typeof r.ProductAttributes === "object" && !Array.isArray(r.ProductAttributes)) {
    const attributes: Record<string, number[]> = {};
    for (const [key, value] of Object.entries(r.ProductAttributes as Record<string, unknown>).slice(0, 20)) {
      const values = ids(value);
      if (/^\d{1,9}$/.test(key) && values.length) attributes[key] = values;
    }
    if (Object.keys(attributes).length) filter.ProductAttributes = attributes;
  }
  const min = amount(r.PriceMin);
  const max = amount(r.PriceMax);
  if (min !== undefined) filter.PriceMin = min;
  if (max !== undefined) filter.PriceMax = max;
  if (r.InStock === true || r.InStock === "true") filter.InStock = true;
  return filter;
}

/** The same filter from a plain form (no JavaScript): brand=1&brand=2&av=12&priceMin=10&inStock=true. */
export function filterFromForm(params: URLSearchParams): ListFilter | null {
  if (!["brand", "av", "priceMin", "priceMax", "inStock"].some((name) => params.has(name))) return null;
  const values = ids(params.getAll("av").flatMap((v) => v.split(":")));
  // av carries "attributeId:valueId" so values of one attribute stay together.
  const attributes: Record<string, number[]> = {};
  for (const pair of params.getAll("av")) {
    const [attribute, value] = pair.split(":");
    if (attribute && value && ids(attribute).length && ids(value).length) {
      attributes[attribute] = [...(attributes[attribute] ?? []), Number(value)];
    }
  }
  return parseListFilter(
    JSON.stringify({
      Brands: params.getAll("brand"),
      ProductAttributes: values.length ? attributes : undefined,
      PriceMin: params.get("priceMin") ?? undefined,
      PriceMax: params.get("priceMax") ?? undefined,
      InStock: params.get("inStock") === "true",
    }),
  );
}

export function isEmptyFilter(filter: ListFilter): boolean {
  return Object.keys(filter).length === 0;
}

/**
 * The list URL with some parameters changed; changing page size, sort, display or filter goes back to
 * the first page (pageindex dropped), as spec 001 section 2 asks.
 */
export function listUrl(current: URL, changes: Record<string, string | null>): string {
  const url = new URL(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "") url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  if (Object.keys(changes).some((name) => ["pageSize", "sort", "display", "filter"].includes(name)))
    url.searchParams.delete("pageindex");
  return `${url.pathname}${url.search}`;
}

/** The chosen values (VariantValueId1..n), quantity and last changed value of a product page's query. */
export function variantChoiceFromParams(params: URLSearchParams): {
  chosen: number[];
  quantity: number | null;
  lastChanged?: number;
  /** A variant named outright (links from reference search). */
  variantId?: number;
} {
  const positive = (text: string | null) => {
    const n = Number(text);
    return text && Number.isInteger(n) && n > 0 && n < 2_147_483_647 ? n : null;
  };
  const chosen: number[] = [];
  for (const [key, value] of params) {
    if (/^VariantValueId\d{1,2}$/.test(key)) {
      const id = positive(value);
      if (id) chosen.push(id);
    }
  }
  const quantity = positive(params.get("Quantity"));
  const lastChanged = positive(params.get("LastChangedValueId"));
  const variantId = positive(params.get("ProductVariantId"));
  return {
    chosen: chosen.slice(0, 20),
    quantity,
    ...(lastChanged ? { lastChanged } : {}),
    ...(variantId ? { variantId } : {}),
  };
}

/** The variant view model of spec 001 section 3, as the variant API answers it. */
export interface ProductVariantViewModel {
  ProductId: number;
  ProductVariantId: number;
  SKU: string;
  Name: string;
  CurrencyCode: "EUR";
  Quantity: number;
  MinQuantity: number;
  /** 0 when unlimited. */
  MaxQuantity: number;
  StepQuantity: number;
  UnitPriceTaxIncl: number;
  UnitPriceTaxExcl: number;
  UnitPriceTaxInclHtml: string;
  UnitPriceTaxExclHtml: string;
  IsInStock: boolean;
  HasDegressivePrices: boolean;
  /** Present when the price is a reduction (EU Omnibus). */
  LowestPrice30DaysTaxInclHtml?: string;
  /** Stock per active warehouse, gallery (variant's colour first) and the customer's reference form, as HTML. */
  StockByWarehouseHtml?: string;
  GalleryHtml?: string;
  CustomerReferenceHtml?: string;
  /** VariantValueId1..n: the chosen value of each attribute. */
  [variantValue: `VariantValueId${number}`]: number | null;
}

/** One value of a variation control (spec 001 section 3, variant attributes). */
export interface VariantAttributeValue {
  ProductAttributeValueId: number;
  DisplayValue: string;
  IsUnavailable: boolean;
  ColorCode1: string | null;
  ColorCode2: string | null;
  ColorCode3: string | null;
}

export interface VariantAttributeViewModel {
  ProductAttributeId: number;
  Name: string;
  /** "Square": colour swatches; anything else: a select. */
  VariationDisplayTypeValue: string;
  Value: number | null;
  Values: VariantAttributeValue[];
}

/** The answer of `GET /api/v1/catalog/products/{productId}/productvariants`. */
export interface VariantChoice {
  ProductVariantViewModel: ProductVariantViewModel;
  ProductVariantAttributesViewModel: VariantAttributeViewModel[];
}
