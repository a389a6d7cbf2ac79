import { defineControllers } from "~/shell/controller";

/** The birth lists' behaviours over their server HTML (`data-controller`), each loaded lazily. */
export default defineControllers([
  { name: "birthlist-page", load: "eager", module: () => import("./birthlist-page.controller") },
  { name: "birthlist-add", load: "eager", module: () => import("./birthlist-add.controller") },
  { name: "birthlist-link", load: "interaction", module: () => import("./birthlist-link.controller") },
]);
