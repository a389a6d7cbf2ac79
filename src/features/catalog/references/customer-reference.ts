import { z } from "zod";

import { REFERENCE_SEARCH_MIN_CHARS } from "../catalog.constants";

export const ReferenceSearchQuerySchema = z.object({
  q: z.string().trim().min(REFERENCE_SEARCH_MIN_CHARS).max(50),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

/** A business customer's own reference for a variant: printable text, 50 characters at most; empty removes it. */
export const ReferenceUpdateSchema = z.object({
  ProductVariantId: z.coerce.number().int().min(1).max(2_147_483_647),
  Reference: z
    .string()
    .trim()
    .max(50)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
    .regex(/^[^\u0000-\u001f<>]*$/),
});

export const ReferenceSearchResultSchema = z.object({
  CustomerSKU: z.object({ id: z.number(), label: z.string() }),
  /** Relative to the application path (spec 001 section 2). */
  ProductLink: z.string(),
});
export type ReferenceSearchResult = z.infer<typeof ReferenceSearchResultSchema>;

export const ReferenceUpdateResultSchema = z.object({ Status: z.enum(["Success", "Error"]), Message: z.string() });
