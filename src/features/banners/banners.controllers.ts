import { defineControllers } from "~/shell/controller";

/**
 * The banners feature's behaviours. Countdowns, popups and video placeholders start by themselves
 * (eager: they act without being touched); the slider mounts when it comes into view.
 */
export default defineControllers([
  { name: "banner", load: "interaction", module: () => import("./banner.controller") },
  { name: "banner-close", load: "eager", module: () => import("./banner-close.controller") },
  { name: "countdown", load: "eager", module: () => import("./countdown.controller") },
  { name: "popup", load: "eager", module: () => import("./popup.controller") },
  { name: "video", load: "eager", module: () => import("./video.controller") },
  { name: "video-modal", load: "interaction", module: () => import("./video-modal.controller") },
]);
