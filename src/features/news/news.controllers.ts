import { defineControllers } from "~/shell/controller";

/** The news feature's behaviours over its server HTML (`data-controller`), each loaded lazily. */
export default defineControllers([
  { name: "news-calendar", load: "interaction", module: () => import("./news-calendar.controller") },
  { name: "news-gallery", load: "interaction", module: () => import("./news-gallery.controller") },
]);
