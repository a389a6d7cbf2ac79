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
