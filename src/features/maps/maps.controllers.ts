import { defineControllers } from "~/shell/controller";

/** The maps feature's behaviour: a content map mounts when it comes into view. */
export default defineControllers([{ name: "map", load: "interaction", module: () => import("./map.controller") }]);
