import { defineControllers } from "~/shell/controller";

/** The asset library's behaviours over its server HTML (`data-controller`), loaded where they are used. */
export default defineControllers([
  { name: "asset-folders", load: "eager", module: () => import("./asset-folders.controller") },
]);
