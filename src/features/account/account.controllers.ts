import { defineControllers } from "~/shell/controller";

/** The account feature's behaviours over its server HTML (`data-controller`), each loaded lazily. */
export default defineControllers([
  { name: "address-form", load: "eager", module: () => import("./address-form.controller") },
  { name: "address-picker", load: "interaction", module: () => import("./address-picker.controller") },
  { name: "two-factor-modal", load: "interaction", module: () => import("./two-factor-modal.controller") },
]);
