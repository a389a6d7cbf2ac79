import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";

/** Spec 001 section 9: auto-rotation every 100 ms by default. */
export const VIEWER_360_INTERVAL_MS = 100;
export const VIEWER_360_MODES = ["slider", "drag", "auto"] as const;

export const viewer360Island = defineIsland({
  name: "viewer-360",
  component: "Viewer360",
  description:
    "360-degree photo viewer of a product's frame set: slider, drag, or auto-rotation plus drag. Shows the first frame without JavaScript; the behaviour loads when it comes into view.",
  props: z.object({
    /** The product whose frames to show; the first product with a frame set when absent (previews). */
    productId: z.number().int().min(1).optional(),
    mode: z.enum(VIEWER_360_MODES).default("auto"),
    /** Milliseconds per frame when rotating by itself. */
    interval: z.number().int().min(20).max(2000).default(VIEWER_360_INTERVAL_MS),
  }),
  fixtures: {
    slider: { mode: "slider" },
    drag: { mode: "drag" },
    auto: { mode: "auto" },
  },
});
