import { defineControllers } from "~/shell/controller";

/** The wishlists' behaviours over their server HTML (`data-controller`), each loaded lazily. */
export default defineControllers([
  { name: "wishlist-heart", load: "interaction", module: () => import("./wishlist-heart.controller") },
  { name: "wishlist-count", load: "interaction", module: () => import("./wishlist-count.controller") },
  { name: "wishlist-open", load: "eager", module: () => import("./wishlist-open.controller") },
  { name: "wishlist-page", load: "eager", module: () => import("./wishlist-page.controller") },
]);
