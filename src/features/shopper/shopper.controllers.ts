import { defineControllers } from "~/shell/controller";

/** The shopper's own parts of a shared page (decision 062), filled after load. */
export default defineControllers([
  { name: "personal-parts", load: "eager", module: () => import("./personal-parts.controller") },
]);
