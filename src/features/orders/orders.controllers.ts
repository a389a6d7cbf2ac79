import { defineControllers } from "~/shell/controller";

/** The orders feature's behaviours over its server HTML. */
export default defineControllers([
  { name: "delivery-change", load: "eager", module: () => import("./delivery-change.controller") },
]);
