import { defineControllers } from "~/shell/controller";

/** The cart feature's behaviours over its server HTML (`data-controller`), each loaded lazily. */
export default defineControllers([
  { name: "country-select", load: "interaction", module: () => import("./country-select.controller") },
  { name: "prepaid-topup", load: "interaction", module: () => import("./prepaid-topup.controller") },
  { name: "cart-page", load: "eager", module: () => import("./cart-page.controller") },
  { name: "ecommerce", load: "eager", module: () => import("./ecommerce.controller") },
  { name: "mini-cart-count", load: "eager", module: () => import("./mini-cart-count.controller") },
]);
