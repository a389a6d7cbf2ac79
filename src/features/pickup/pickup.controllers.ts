import { defineControllers } from "../../shell/controller";

/** The pickup feature's behaviours over its server HTML (`data-controller`), each loaded lazily. */
export default defineControllers([
  { name: "pickup-choice", load: "eager", module: () => import("./pickup-choice.controller") },
]);
