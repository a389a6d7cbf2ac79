import { defineControllers } from "~/shell/controller";

/** The refunds feature's behaviours over its server HTML. */
export default defineControllers([
  { name: "refund-form", load: "interaction", module: () => import("./refund-form.controller") },
]);
