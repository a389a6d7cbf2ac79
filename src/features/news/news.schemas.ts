import { z } from "zod";
import {
  HtmlSchema,
  IdSchema,
  MomentSchema,
  SlugSchema,
  TitleSchema,
  translations,
} from "~/features/content/content.schemas";

/** Editors' news bodies (server side: browser code reaches no zod). */
export const NewsInputSchema = z.object({
  CategoryId: IdSchema,
  PublishedAt: MomentSchema,
  Author: z.string().trim().min(1).max(120),
  ImageAssetId: IdSchema.nullable().default(null),
  GalleryAssetIds: z.array(IdSchema).max(30).default([]),
  Published: z.boolean().default(false),
  Translations: translations(
    z.object({
      Slug: SlugSchema,
      Title: TitleSchema,
      Summary: z.string().trim().max(600).default(""),
      Body: HtmlSchema.default(""),
    }),
  ),
});
export type NewsInput = z.output<typeof NewsInputSchema>;

export const NewsCategoryInputSchema = z.object({
  ParentId: IdSchema.nullable().default(null),
  Names: translations(z.string().trim().min(1).max(80)),
});
