import { defineControllers } from "~/shell/controller";

/** The catalog feature's behaviours over its server HTML (`data-controller`), each loaded lazily. */
export default defineControllers([
  { name: "import-form", load: "eager", module: () => import("./admin/import-form.controller") },
  { name: "site-nav", load: "interaction", module: () => import("./navigation/site-nav.controller") },
  { name: "list-toolbar", load: "interaction", module: () => import("./listing/list-toolbar.controller") },
  { name: "list-filter", load: "interaction", module: () => import("./listing/list-filter.controller") },
  { name: "product-gallery", load: "interaction", module: () => import("./product/product-gallery.controller") },
  { name: "viewer-360", load: "interaction", module: () => import("./product/viewer-360.controller") },
  { name: "quick-view", load: "interaction", module: () => import("./product/quick-view.controller") },
  {
    name: "customer-reference",
    load: "interaction",
    module: () => import("./references/customer-reference.controller"),
  },
]);
