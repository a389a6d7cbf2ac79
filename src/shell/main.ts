import type Swup from "swup";
import { PAGE_ANIMATION_MS } from "./constants";
import { connectControllers } from "./controllers";
import "./events";
import { endInitialLoader } from "./initial-loader";
import { installLinkBehaviours } from "./link-behaviours";
import { configureSwup } from "./navigation";
import { swupInstance } from "./swup-instance";
import { installTagManager } from "./tag-manager";

/**
 * The shell's browser code, on every page (no React): link rules and page events on swup, request
 * errors, the tag manager, and lazily loaded controllers (features register theirs first:
 * src/layouts/behaviours.ts).
 */
document.documentElement.style.setProperty("--page-animation-ms", `${PAGE_ANIMATION_MS}ms`);
installLinkBehaviours();
installTagManager();
connectControllers();
endInitialLoader();

// The whole document: header parts that follow the page (navigation, account) are replaced too.
document.addEventListener("page:loaded", () => connectControllers(document));

// swup is created by @swup/astro once the page is idle; it announces itself with swup:enable.
const configured = new WeakSet<Swup>();
const configure = () => {
  const swup = swupInstance();
  if (swup && !configured.has(swup)) {
    configured.add(swup);
    configureSwup(swup);
  }
};
document.addEventListener("swup:enable", configure);
configure();
