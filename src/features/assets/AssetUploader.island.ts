import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";
import { MAX_FILE_BYTES, MAX_FILES_PER_REQUEST } from "./assets";

const KINDS = z.enum(["Image", "File"]);

export const assetUploaderIsland = defineIsland({
  name: "asset-uploader",
  component: "AssetUploader",
  description:
    "The asset uploader of spec 000 (editors): upload with progress, crop to a size, rename, reorder and remove; its hidden fields post the chosen assets with the form around it. Shares $assets.",
  props: z.object({
    /** Names the widget's hidden fields (list-assets-orders-{uniqueId}...). */
    uniqueId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
    label: z.string().max(120).optional(),
    /** The asset already chosen (a single-asset widget). */
    assetId: z.number().int().min(1).optional(),
    /** Assets already chosen, in their order. */
    assets: z.array(z.number().int().min(1)).max(50).default([]),
    /** Allowed kinds and their extensions. */
    fileType: z.partialRecord(KINDS, z.array(z.string().regex(/^[a-z0-9]{1,5}$/))).optional(),
    /** "width,height" in px: images are cropped to it. */
    crop: z
      .string()
      .regex(/^\d{1,4},\d{1,4}$/)
      .optional(),
    maxFileSize: z.number().int().min(1).max(MAX_FILE_BYTES).default(MAX_FILE_BYTES),
    maxFiles: z.number().int().min(1).max(MAX_FILES_PER_REQUEST).default(MAX_FILES_PER_REQUEST),
    accept: z.string().max(200).optional(),
    required: z.boolean().default(false),
  }),
  fixtures: {
    "images-cropped": {
      uniqueId: "banner",
      fileType: { Image: ["jpg", "png", "webp"] },
      crop: "400,300",
      maxFiles: 4,
      required: true,
    },
    files: { uniqueId: "documents", fileType: { Image: ["jpg", "png", "webp", "gif"], File: ["pdf"] } },
    "single-image": { uniqueId: "logo", fileType: { Image: ["png", "webp"] }, maxFiles: 1 },
  },
});
