import { z } from "zod";
import { CULTURES } from "~/lib/culture";
import { CONTENT_HTML_MAX, SEO_DESCRIPTION_MAX, SLUG_MAX, SLUG_PATTERN, TITLE_MAX } from "./content";

/** Editors' request bodies (server side: browser code reaches no zod). */
export const SlugSchema = z.string().trim().toLowerCase().min(1).max(SLUG_MAX).regex(SLUG_PATTERN);
export const KeySchema = SlugSchema;
export const HtmlSchema = z.string().max(CONTENT_HTML_MAX);
export const TitleSchema = z.string().trim().min(1).max(TITLE_MAX);
export const IdSchema = z.coerce.number().int().min(1).max(2_147_483_647);
/** A moment with its offset ("2026-12-24T18:00:00Z", "2026-12-24T19:00+01:00"), stored in UTC. */
export const MomentSchema = z.iso
  .datetime({ offset: true, local: false })
  .transform((value) => new Date(value).toISOString());

/** Texts per culture: any of the six, at least one. */
export function translations<S extends z.ZodType>(shape: S) {
  return z
    .partialRecord(z.enum(CULTURES), shape)
    .refine((value) => Object.values(value).some(Boolean), { message: "At least one culture" });
}

export const PageInputSchema = z.object({
  Key: KeySchema,
  Published: z.boolean().default(false),
  Translations: translations(
    z.object({
      Slug: SlugSchema,
      Title: TitleSchema,
      Body: HtmlSchema.default(""),
      SeoDescription: z.string().trim().max(SEO_DESCRIPTION_MAX).default(""),
    }),
  ),
});
export type PageInput = z.output<typeof PageInputSchema>;

export const PublishSchema = z.object({ Published: z.boolean() });

/** What every editor write answers: where the public can see it, and what the island tags got wrong. */
export const WriteAnswerSchema = z.object({
  Id: z.number(),
  Url: z.string().nullable(),
  Urls: z.record(z.string(), z.string()),
  Warnings: z.array(z.object({ Culture: z.string(), Island: z.string(), Reason: z.string() })),
});
export type WriteAnswer = z.output<typeof WriteAnswerSchema>;
