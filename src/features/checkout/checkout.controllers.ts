import { defineControllers } from "~/shell/controller";

/** The checkout feature's behaviours over its server HTML (`data-controller`), each loaded lazily. */
export default defineControllers([
  { name: "checkout", load: "interaction", module: () => import("./checkout.controller") },
]);
