import { defineControllers } from "~/shell/controller";

/** The prepaid feature's behaviours over its server HTML (`data-controller`), each loaded lazily. */
export default defineControllers([
  { name: "prepaid", load: "interaction", module: () => import("./prepaid.controller") },
  { name: "customer-search", load: "interaction", module: () => import("./customer-search.controller") },
]);
