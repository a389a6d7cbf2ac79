import { z } from "zod";
import { HtmlSchema, IdSchema, KeySchema, MomentSchema, translations } from "~/features/content/content.schemas";
import { isSitePath } from "~/lib/url";
import { BANNER_DURATION_MAX_MS, BANNER_DURATION_MIN_MS, VIDEO_ID_PATTERN, VIDEO_PROVIDERS } from "./banners";

/**
 * A slide's link: a path of this site or an https address. No backslash anywhere: browsers read
 * `/\evil.example` as another host.
 */
const LinkSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => isSitePath(v) || (/^https:\/\/[^\s/\\]+[^\s\\]*$/.test(v) && URL.canParse(v)), {
    message: "A path or an https address",
  });

export const SlideSchema = z
  .object({
    AssetId: IdSchema.nullable().default(null),
    VideoProvider: z.enum(VIDEO_PROVIDERS).nullable().default(null),
    VideoId: z.string().trim().max(20).nullable().default(null),
    LinkUrl: LinkSchema.nullable().default(null),
    Translations: z
      .partialRecord(
        z.enum(["fr", "nl", "es", "de", "it", "pt"]),
        z.object({
          Title: z.string().trim().max(200).default(""),
          Text: z.string().trim().max(600).default(""),
          LinkLabel: z.string().trim().max(80).default(""),
        }),
      )
      .default({}),
  })
  .superRefine((slide, ctx) => {
    if (slide.VideoProvider) {
      if (!slide.VideoId || !VIDEO_ID_PATTERN[slide.VideoProvider].test(slide.VideoId))
        ctx.addIssue({ code: "custom", path: ["VideoId"], message: `Not a ${slide.VideoProvider} video id` });
    } else if (slide.VideoId)
      ctx.addIssue({ code: "custom", path: ["VideoProvider"], message: "Required with VideoId" });
    else if (!slide.AssetId) ctx.addIssue({ code: "custom", path: ["AssetId"], message: "An image or a video" });
  });

export const BannerInputSchema = z.object({
  Key: KeySchema,
  DurationMs: z.number().int().min(BANNER_DURATION_MIN_MS).max(BANNER_DURATION_MAX_MS).nullable().default(null),
  Fade: z.boolean().default(false),
  Closable: z.boolean().default(false),
  EndAt: MomentSchema.nullable().default(null),
  Published: z.boolean().default(false),
  Slides: z.array(SlideSchema).min(1).max(12),
});
export type BannerInput = z.output<typeof BannerInputSchema>;

export const PopupInputSchema = z.object({
  Key: KeySchema,
  EndAt: MomentSchema.nullable().default(null),
  Published: z.boolean().default(false),
  Translations: translations(z.object({ Title: z.string().trim().min(1).max(200), Body: HtmlSchema.default("") })),
});
export type PopupInput = z.output<typeof PopupInputSchema>;

export { IdSchema };
