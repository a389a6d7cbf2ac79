import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";
import { VIDEO_ID_PATTERN, VIDEO_PROVIDERS } from "./banners";

const Key = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(120);

export const bannerIsland = defineIsland({
  name: "banner",
  component: "Banner",
  description:
    "A banner slider from the content editors' banners, by `bannerId` or `bannerKey`: image or video slides, autoplay when it has a duration, fade, dots, arrows, a countdown when it has an end.",
  props: z
    .object({ bannerId: z.number().int().min(1).optional(), bannerKey: Key.optional() })
    .refine((p) => p.bannerId || p.bannerKey, { message: "bannerId or bannerKey" }),
  fixtures: { hero: { bannerKey: "home-hero" }, videos: { bannerKey: "videos" } },
});

export const popupIsland = defineIsland({
  name: "popup",
  component: "Popup",
  description:
    "A popup, by `popupId` or `popupKey`: opens 3 s after the page loaded, once (its closing is remembered).",
  props: z
    .object({ popupId: z.number().int().min(1).optional(), popupKey: Key.optional() })
    .refine((p) => p.popupId || p.popupKey, { message: "popupId or popupKey" }),
  fixtures: { newsletter: { popupKey: "newsletter" } },
  includesContent: true,
});

export const videoIsland = defineIsland({
  name: "video",
  component: "VideoIsland",
  description:
    "A YouTube or Vimeo video: a placeholder (loaded only on click, or by itself with marketing consent), or with `modal` a button that opens it in a modal.",
  props: z
    .object({
      provider: z.enum(VIDEO_PROVIDERS),
      videoId: z.string(),
      title: z.string().min(1).max(200),
      modal: z.boolean().default(false),
      posterAssetId: z.number().int().min(1).optional(),
    })
    .refine((p) => VIDEO_ID_PATTERN[p.provider].test(p.videoId), {
      message: "not a video id of that provider",
      path: ["videoId"],
    }),
  fixtures: {
    youtube: { provider: "youtube", videoId: "aqz-KE-bpKQ", title: "Big Buck Bunny" },
    "vimeo-modal": { provider: "vimeo", videoId: "76979871", title: "The New Vimeo Player", modal: true },
  },
});

export const countdownIsland = defineIsland({
  name: "countdown",
  component: "Countdown",
  description:
    "A countdown to `endAt` (ISO date and time with offset), DD/MM/YYYY; at the end it hides (`onEnd: hide`) or reloads the page.",
  props: z.object({ endAt: z.iso.datetime({ offset: true }), onEnd: z.enum(["reload", "hide"]).default("hide") }),
  fixtures: { "new-year": { endAt: "2030-01-01T00:00:00+01:00" } },
});
