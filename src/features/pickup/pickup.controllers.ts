import { defineControllers } from "~/shell/controller";

/**
 * The pickup feature's behaviours over its server HTML (`data-controller`). Both wait for the shopper:
 * the delivery block for a pointer or focus on it (its link's click is held and replayed), the order
 * summary's line for the finder to open; the checkout's first load carries none of the pickup code.
 */
export default defineControllers([
  { name: "pickup-choice", load: "interaction", module: () => import("./pickup-choice.controller") },
  { name: "pickup-summary", load: "interaction", module: () => import("./pickup-summary.controller") },
]);
