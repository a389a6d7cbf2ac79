import { z } from "zod";

export const DEFAULT_PAGE_SIZE = 24;
export const PAGE_SIZES = [12, 24, 48] as const;

/** List query parameters; anything unusable falls back to its default rather than failing the page. */
export const ListQuerySchema = z.object({
  pageindex: z.coerce.number().int().min(1).max(10000).catch(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(DEFAULT_PAGE_SIZE),
  q: z.string().trim().max(200).optional().catch(undefined),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

export interface Paging {
  totalPages: number;
  currentPages: number;
}

export function paging(total: number, pageSize: number, pageIndex: number): Paging {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  return { totalPages, currentPages: Math.min(Math.max(1, pageIndex), totalPages) };
}

export interface ProductCard {
  id: number;
  defaultVariantId: number;
  name: string;
  slug: string;
  brand: string;
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
