import { defineControllers } from "~/shell/controller";

/** The content editors' behaviours (the editor page only); shoppers' pages load none of them. */
export default defineControllers([
  { name: "content-editor", load: "eager", module: () => import("./content-editor.controller") },
  { name: "island-picker", load: "eager", module: () => import("./island-picker.controller") },
  { name: "image-picker", load: "eager", module: () => import("./image-picker.controller") },
]);
