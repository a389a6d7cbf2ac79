import { defineControllers } from "../../shell/controller";

/** The checkout feature's behaviours over its server HTML (`data-controller`), each loaded lazily. */
export default defineControllers([
  { name: "address-form", load: "eager", module: () => import("../account/address-form.controller") },
  { name: "address-picker", load: "interaction", module: () => import("../account/address-picker.controller") },
  { name: "checkout", load: "interaction", module: () => import("./checkout.controller") },
]);
