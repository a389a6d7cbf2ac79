import { z } from "zod";
import { VAT_CLASSES } from "~/features/pricing/european-vat";
import { CULTURES, type Culture } from "~/lib/culture";
import {
  AGE_GROUPS,
  COLOUR_CODE,
  GENDERS,
  KEY_PATTERN,
  MAX_DESCRIPTION,
  MAX_NAME,
  MAX_PRICE_CENTS,
  MAX_STOCK,
} from "./catalog-input";

const perCulture = (text: z.ZodString) =>
  z
    .object(
      Object.fromEntries(CULTURES.map((c) => [c, text.optional()])) as Record<Culture, z.ZodOptional<z.ZodString>>,
    )
    .strict();
const Name = z.string().trim().min(1).max(MAX_NAME);
const Cents = z.number().int().min(1).max(MAX_PRICE_CENTS);
const Quantity = z.number().int().min(1).max(100_000);

/** A product as the integration API takes it (PUT) and gives it back (GET). Amounts in cents, tax excluded. */
export const ProductBody = z
  .object({
    Names: perCulture(Name).refine((n) => n.fr !== undefined, { message: "Required", path: ["fr"] }),
    Descriptions: perCulture(z.string().max(MAX_DESCRIPTION)).optional(),
    Category: z.string().trim().min(1).max(MAX_NAME).optional(),
    Brand: z.string().trim().min(1).max(MAX_NAME).optional(),
    Published: z.boolean().optional(),
    Images: z
      .array(z.union([z.number().int().min(1), z.string().min(1).max(500)]))
      .max(50)
      .optional()
      .describe(
        "The photos in order: asset ids, library paths (Products/pull-red.webp) or http(s) addresses, fetched once with limits and saved in the library's Imports folder",
      ),
    Unit: z
      .object({ Measure: z.enum(["l", "kg", "m"]), ContentMilli: z.number().int().min(1).max(100_000_000) })
      .nullable()
      .optional(),
    /** Apparel's audience (Google requires both for clothing in FR, DE and more); null: none. */
    Gender: z.enum(GENDERS).nullable().optional(),
    AgeGroup: z.enum(AGE_GROUPS).nullable().optional(),
    /** The VAT class whose rate applies in each country (issue 72); a new product's is standard. */
    VatClass: z.enum(VAT_CLASSES).optional(),
    Tags: z.array(z.string().regex(KEY_PATTERN)).max(50).optional(),
    Related: z.array(z.string().regex(KEY_PATTERN)).max(50).optional(),
    Variants: z
      .array(
        z
          .object({
            Sku: z.string().regex(KEY_PATTERN),
            Ean: z.string().nullable().optional(),
            /** Until when Price is a sale: then the price before it comes back (null ends none). */
            SaleEndsAt: z.iso.datetime({ offset: true }).nullable().optional(),
            Attributes: z.record(z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/), z.string().max(MAX_NAME)).optional(),
            ColourCodes: z.array(z.string().regex(COLOUR_CODE)).max(3).optional(),
            Price: Cents,
            Tiers: z
              .array(z.object({ MinQuantity: z.number().int().min(2).max(100_000), Amount: Cents }))
              .max(20)
              .optional(),
            MinQuantity: Quantity.optional(),
            MaxQuantity: Quantity.nullable().optional(),
            Step: z.number().int().min(1).max(10_000).optional(),
            Stock: z.record(z.string().min(1).max(64), z.number().int().min(0).max(MAX_STOCK)).optional(),
          })
          .strict(),
      )
      .min(1)
      .max(500),
  })
  .strict();
export type ProductBody = z.infer<typeof ProductBody>;

export const CategoryBody = z
  .object({
    Names: perCulture(Name).refine((n) => n.fr !== undefined, { message: "Required", path: ["fr"] }),
    Parent: z.string().regex(KEY_PATTERN).nullable().optional(),
    Position: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();
export type CategoryBody = z.infer<typeof CategoryBody>;

/**
 * How the variant picker shows an attribute's values: `Square`, colour swatches (each value's colour codes,
 * `ColourCodes` of the variants), or `Select`, a list. A new attribute coded `colour` is `Square`, any
 * other `Select`.
 */
export const ATTRIBUTE_DISPLAYS = ["Select", "Square"] as const;
export const SWATCH_ATTRIBUTE = "colour";

/** An attribute's names and its values' names per culture (integration API); values are named by code. */
export const AttributeBody = z
  .object({
    Names: perCulture(Name),
    Display: z.enum(ATTRIBUTE_DISPLAYS).optional(),
    Values: z.record(z.string().trim().min(1).max(MAX_NAME), z.object({ Names: perCulture(Name) }).strict()).optional(),
  })
  .strict();
export type AttributeBody = z.infer<typeof AttributeBody>;
