import { defineControllers } from "../../shell/controller";

/** The pickup feature's behaviours over its server HTML (`data-controller`), each loaded lazily. */
export default defineControllers([
  { name: "pickup-search", load: "eager", module: () => import("./pickup-search.controller") },
]);
