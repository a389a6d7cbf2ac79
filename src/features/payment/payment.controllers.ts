import { defineControllers } from "~/shell/controller";

/** The payment feature's behaviours over its server HTML (`data-controller`), each loaded lazily. */
export default defineControllers([{ name: "payment", load: "eager", module: () => import("./payment.controller") }]);
