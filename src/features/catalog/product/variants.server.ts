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
  /** The shopper's price country and its cheapest delivery tax included, in cents (null: none). */
  country: string;
  shippingTaxIncl: number | null;
  /** That delivery's business days in transit (null: not said), and the shop's handling days. */
  transitDays: { min: number; max: number } | null;
  handlingDays: { min: number; max: number };
  returnDays: number;
  returnFees: "free" | "customer";
  /** The merchant's key of the product (the feeds' item_group_id). */
  productKey: string;
  /** Every variant as the feeds list it, priced for `country` (cents, tax included). */
  variants: {
    variantId: number;
    sku: string;
    gtin: string | null;
    colour: string | null;
    size: string | null;
    priceTaxIncl: number;
    inStock: boolean;
    images: string[];
  }[];
  gender: string | null;
  ageGroup: string | null;
}

/** Google's age groups as the ages schema.org's suggestedAge gives (Merchant Center's own definitions). */
const AGE_GROUP_YEARS: Record<string, { minValue: number; maxValue?: number; unitCode: "MON" | "ANN" }> = {
  newborn: { minValue: 0, maxValue: 3, unitCode: "MON" },
  infant: { minValue: 3, maxValue: 12, unitCode: "MON" },
  toddler: { minValue: 1, maxValue: 5, unitCode: "ANN" },
  kids: { minValue: 5, maxValue: 13, unitCode: "ANN" },
  adult: { minValue: 13, unitCode: "ANN" },
};

const gtinOf = (gtin: string | null) => (gtin ? { [`gtin${gtin.length}`]: gtin } : {});

/**
 * schema.org structured data for a product page (search engines), with the BreadcrumbList: a product
 * with variants is a ProductGroup whose `hasVariant` are one Product and one Offer per variant (colour,
 * size, SKU, GTIN, price and availability, as Google documents variants); a product of one variant is a
 * Product with its Offer. Each offer carries the shipping to the shopper's country (price and delivery
 * time) and the shop's return policy; prices are the feeds' for that country.
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
  const currency = variant.CurrencyCode;
  const shippingDetails =
    facts.shippingTaxIncl === null
      ? {}
      : {
          shippingDetails: {
            "@type": "OfferShippingDetails",
            shippingRate: { "@type": "MonetaryAmount", value: (facts.shippingTaxIncl / 100).toFixed(2), currency },
            shippingDestination: { "@type": "DefinedRegion", addressCountry: facts.country },
            ...(facts.transitDays
              ? {
                  deliveryTime: {
                    "@type": "ShippingDeliveryTime",
                    handlingTime: {
                      "@type": "QuantitativeValue",
                      minValue: facts.handlingDays.min,
                      maxValue: facts.handlingDays.max,
                      unitCode: "DAY",
                    },
                    transitTime: {
                      "@type": "QuantitativeValue",
                      minValue: facts.transitDays.min,
                      maxValue: facts.transitDays.max,
                      unitCode: "DAY",
                    },
                  },
                }
              : {}),
          },
        };
  const returnPolicy = {
    "@type": "MerchantReturnPolicy",
    applicableCountry: facts.country,
    returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
    merchantReturnDays: facts.returnDays,
    returnMethod: "https://schema.org/ReturnByMail",
    returnFees: facts.returnFees === "free" ? "https://schema.org/FreeReturn" : "https://schema.org/ReturnShippingFees",
  };
  const offer = (offerUrl: string, priceTaxIncl: number, inStock: boolean, validUntil: string | null) => ({
    "@type": "Offer",
    url: offerUrl,
    priceCurrency: currency,
    price: (priceTaxIncl / 100).toFixed(2),
    ...(validUntil ? { priceValidUntil: validUntil.slice(0, 10) } : {}),
    itemCondition: "https://schema.org/NewCondition",
    availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    ...shippingDetails,
    hasMerchantReturnPolicy: returnPolicy,
  });
  const audience =
    facts.gender || facts.ageGroup
      ? {
          audience: {
            "@type": "PeopleAudience",
            ...(facts.gender ? { suggestedGender: facts.gender } : {}),
            ...(facts.ageGroup && AGE_GROUP_YEARS[facts.ageGroup]
              ? { suggestedAge: { "@type": "QuantitativeValue", ...AGE_GROUP_YEARS[facts.ageGroup] } }
              : {}),
          },
        }
      : {};
  const brand = { "@type": "Brand", name: product.brand };
  const trail = breadcrumbList(site, [...facts.trail, { name: product.name, path: `/${culture}/p/${product.slug}` }]);
  if (facts.variants.length <= 1) {
    return [
      jsonLd({
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.name,
        description: product.description,
        sku: variant.SKU,
        ...gtinOf(facts.gtin),
        brand,
        ...audience,
        image: images.map((guid) => `${site}${imageUrl(guid)}`),
        offers: offer(
          url,
          facts.variants[0]?.priceTaxIncl ?? Math.round(variant.UnitPriceTaxIncl * 100),
          facts.variants[0]?.inStock ?? variant.IsInStock,
          facts.saleEndsAt,
        ),
      }),
      trail,
    ];
  }
  const varies = [
    ...(facts.variants.some((v) => v.colour) ? ["https://schema.org/color"] : []),
    ...(facts.variants.some((v) => v.size) ? ["https://schema.org/size"] : []),
  ];
  return [
    jsonLd({
      "@context": "https://schema.org",
      "@type": "ProductGroup",
      name: product.name,
      description: product.description,
      url,
      brand,
      ...audience,
      productGroupID: facts.productKey,
      ...(varies.length ? { variesBy: varies } : {}),
      image: images.map((guid) => `${site}${imageUrl(guid)}`),
      hasVariant: facts.variants.map((v) => {
        const part = [v.colour, v.size].filter(Boolean).join(", ");
        const variantUrl = `${url}?ProductVariantId=${v.variantId}`;
        return {
          "@type": "Product",
          name: part ? `${product.name} – ${part}` : product.name,
          sku: v.sku,
          ...gtinOf(v.gtin),
          ...(v.colour ? { color: v.colour } : {}),
          ...(v.size ? { size: v.size } : {}),
          ...(v.images.length ? { image: v.images.map((guid) => `${site}${imageUrl(guid)}`) } : {}),
          offers: offer(
            variantUrl,
            v.priceTaxIncl,
            v.inStock,
            v.variantId === variant.ProductVariantId ? facts.saleEndsAt : null,
          ),
        };
      }),
    }),
    trail,
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
