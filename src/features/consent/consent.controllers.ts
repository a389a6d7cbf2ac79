import { defineControllers } from "~/shell/controller";

/** The consent feature's behaviours over its server HTML (`data-controller`), each loaded lazily. */
export default defineControllers([
  { name: "cookie-law", load: "eager", module: () => import("./cookie-law.controller") },
]);
