import { priceCountryCode } from "~/features/pricing/price-country.server";
import { unitPriceFor } from "~/features/pricing/totals";
import type { Culture } from "~/lib/culture";
import { formatMoney, withVat } from "~/lib/money";
import { breadcrumbList, jsonLd } from "~/lib/structured-data";
import { memoizePublic } from "~/server/cache";
import { db } from "~/server/db/client";
import {
  omnibusReference,
  type ProductVariantViewModel,
  resolveVariant,
  type VariantChoice,
  variantChoiceFromParams,
} from "../catalog";
import { vatRate } from "../catalog.repository";
import { correctQuantity } from "./quantity";
import { priceHistory, variantMatrix, variantTiers } from "./variants.repository";

/**
 * The answer to a variation choice (spec 001 sections 3 and 4): the variant for the chosen values and
 * quantity, and every variation control with its unavailable values.
 */
export async function chooseVariant(
  productId: number,
  chosen: number[],
  quantity: number | null,
  culture: Culture,
  lastChanged?: number,
): Promise<VariantChoice | null> {
  const matrix = await publicMatrix(productId, culture);
  return matrix ? chooseFromMatrix(matrix, chosen, quantity, culture, lastChanged) : null;
}

/** The attribute values (colour, size...) of one of a product's variants; null when it is not the product's. */
export async function valuesOfVariant(
  productId: number,
  variantId: number,
  culture: Culture,
): Promise<number[] | null> {
  const matrix = await publicMatrix(productId, culture);
  return matrix?.variants.find((v) => v.id === variantId)?.valueIds ?? null;
}

type Matrix = NonNullable<Awaited<ReturnType<typeof variantMatrix>>>;

/** A product's variants, prices and stock, kept until public data changes (decision 051); read only. */
const publicMatrix = memoizePublic((productId: number, culture: Culture) => variantMatrix(db(), productId, culture));

async function chooseFromMatrix(
  matrix: Matrix,
  chosen: number[],
  quantity: number | null,
  culture: Culture,
  lastChanged?: number,
): Promise<VariantChoice> {
  const { variant, unavailable } = resolveVariant(
    matrix.variants,
    matrix.attributes.map((a) => ({ id: a.id, valueIds: a.values.map((v) => v.id) })),
    chosen,
    lastChanged,
  );
  const row =
    matrix.variants.find((v) => v.id === variant?.id) ??
    (matrix.variants.find((v) => v.isDefault) as (typeof matrix.variants)[number]);
  const rules = { min: row.minQuantity, max: row.maxQuantity, step: row.stepQuantity };
  const effectiveQuantity = correctQuantity(quantity ?? row.minQuantity, rules) ?? row.minQuantity;
  const rate = await vatRate(priceCountryCode(), matrix.product.vatClass);
  const unitTaxExcl = unitPriceFor(row.tiers, effectiveQuantity);
  const unitTaxIncl = withVat(unitTaxExcl, rate);
  const selectedValues = new Set(row.valueIds);

  const ProductVariantViewModel: ProductVariantViewModel = {
    ProductId: matrix.product.id,
    ProductVariantId: row.id,
    SKU: row.sku,
    Name: matrix.product.name,
    CurrencyCode: "EUR",
    Quantity: effectiveQuantity,
    MinQuantity: rules.min,
    MaxQuantity: rules.max ?? 0,
    StepQuantity: rules.step,
    UnitPriceTaxIncl: unitTaxIncl / 100,
    UnitPriceTaxExcl: unitTaxExcl / 100,
    UnitPriceTaxInclHtml: formatMoney(unitTaxIncl, culture),
    UnitPriceTaxExclHtml: formatMoney(unitTaxExcl, culture),
    IsInStock: row.stock > 0,
    HasDegressivePrices: row.tiers.length > 1,
  };
  const reference = omnibusReference(await priceHistory(db(), row.id));
  if (reference !== null) {
    ProductVariantViewModel.LowestPrice30DaysTaxInclHtml = formatMoney(withVat(reference, rate), culture);
  }
  for (const [index, attribute] of matrix.attributes.entries()) {
    ProductVariantViewModel[`VariantValueId${index + 1}`] =
      attribute.values.find((v) => selectedValues.has(v.id))?.id ?? null;
  }
  const ProductVariantAttributesViewModel = matrix.attributes.map((attribute) => ({
    ProductAttributeId: attribute.id,
    Name: attribute.name,
    VariationDisplayTypeValue: attribute.displayType === "Square" ? "Square" : "Select",
    Value: attribute.values.find((v) => selectedValues.has(v.id))?.id ?? null,
    Values: attribute.values.map((value) => ({
      ProductAttributeValueId: value.id,
      DisplayValue: value.name,
      IsUnavailable: unavailable.has(value.id),
      ColorCode1: value.colors[0] ?? null,
      ColorCode2: value.colors[1] ?? null,
      ColorCode3: value.colors[2] ?? null,
    })),
  }));
  return { ProductVariantViewModel, ProductVariantAttributesViewModel };
}

/** Degressive price table of a variant, tax included at the home country's rate. */
export async function degressivePrices(variantId: number, culture: Culture) {
  const tiers = await variantTiers(db(), variantId);
  if (tiers.length === 0) return null;
  const rate = await vatRate(priceCountryCode(), tiers[0]?.vat_class);
  return tiers.map((t) => ({
    minQuantity: t.min_quantity,
    unitTaxInclHtml: formatMoney(withVat(t.amount_tax_excl, rate), culture),
  }));
}

/** The Omnibus reference of a variant's current price, tax included, or null when it is not reduced. */
export async function lowestRecentPrice(variantId: number, vatClass: string): Promise<number | null> {
  const reference = omnibusReference(await priceHistory(db(), variantId));
  return reference === null ? null : withVat(reference, await vatRate(priceCountryCode(), vatClass));
}

/** What a product page tells search engines beyond the product itself (Google's merchant listings). */
export interface ProductPageFacts {
  /** The variant's EAN/GTIN, when the merchant gave one. */
  gtin: string | null;
  /** When its reduced price ends (a sale with an end), ISO; null otherwise. */
  saleEndsAt: string | null;
  /** Home, then the category's parents and itself: names and paths. */
  trail: { name: string; path: string }[];
  /** The shopper's price country and its cheapest shipping rate tax included, in cents (null: none). */
  country: string;
  shippingTaxIncl: number | null;
  returnDays: number;
  returnFees: "free" | "customer";
}

/**
 * schema.org Product and BreadcrumbList for a product page (search engines), from its chosen variant: the
 * offer with its shipping to the shopper's country and the shop's return policy.
 */
export function productStructuredData(
  product: { name: string; description: string; brand: string; slug: string },
  variant: ProductVariantViewModel,
  images: string[],
  culture: Culture,
  site: string,
  imageUrl: (guid: string) => string,
  facts: ProductPageFacts,
): string[] {
  const url = `${site}/${culture}/p/${product.slug}`;
  const gtin = facts.gtin ? { [`gtin${facts.gtin.length}`]: facts.gtin } : {};
  const product_ = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: variant.SKU,
    ...gtin,
    brand: { "@type": "Brand", name: product.brand },
    image: images.map((guid) => `${site}${imageUrl(guid)}`),
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: variant.CurrencyCode,
      price: variant.UnitPriceTaxIncl.toFixed(2),
      ...(facts.saleEndsAt ? { priceValidUntil: facts.saleEndsAt.slice(0, 10) } : {}),
      itemCondition: "https://schema.org/NewCondition",
      availability: variant.IsInStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      ...(facts.shippingTaxIncl === null
        ? {}
        : {
            shippingDetails: {
              "@type": "OfferShippingDetails",
              shippingRate: {
                "@type": "MonetaryAmount",
                value: (facts.shippingTaxIncl / 100).toFixed(2),
                currency: variant.CurrencyCode,
              },
              shippingDestination: { "@type": "DefinedRegion", addressCountry: facts.country },
            },
          }),
      hasMerchantReturnPolicy: {
        "@type": "MerchantReturnPolicy",
        applicableCountry: facts.country,
        returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
        merchantReturnDays: facts.returnDays,
        returnMethod: "https://schema.org/ReturnByMail",
        returnFees:
          facts.returnFees === "free" ? "https://schema.org/FreeReturn" : "https://schema.org/ReturnShippingFees",
      },
    },
  };
  return [
    jsonLd(product_),
    breadcrumbList(site, [...facts.trail, { name: product.name, path: `/${culture}/p/${product.slug}` }]),
  ];
}

/**
 * Everything the variation picker shows for a product: the choice read from the page's query (the
 * no-JavaScript form), its degressive prices and whether variants differ in price ("from").
 */
export type BuyBox = NonNullable<Awaited<ReturnType<typeof buyBox>>>;

export async function buyBox(productId: number, params: URLSearchParams, culture: Culture) {
  const picked = variantChoiceFromParams(params);
  const matrix = await publicMatrix(productId, culture);
  if (!matrix) return null;
  const named = matrix.variants.find((v) => v.id === picked.variantId);
  const chosen = picked.chosen.length === 0 && named ? named.valueIds : picked.chosen;
  const choice = await chooseFromMatrix(matrix, chosen, picked.quantity, culture, picked.lastChanged);
  const tiers = await degressivePrices(choice.ProductVariantViewModel.ProductVariantId, culture);
  const prices = new Set(matrix.variants.map((v) => unitPriceFor(v.tiers, 1)));
  return { choice, tiers, priceFrom: prices.size > 1 && chosen.length === 0 };
}

/** What the cart and the stock fragment read of a variant (the repositories stay private). */
export { vatRate } from "../catalog.repository";
export { stockByWarehouse, variantTiers } from "./variants.repository";
