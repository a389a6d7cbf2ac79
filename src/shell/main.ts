import type Swup from "swup";
import { PAGE_ANIMATION_MS } from "./constants";
import { connectControllers } from "./controllers";
import "./events";
import { endInitialLoader } from "./initial-loader";
import { installLinkBehaviours } from "./link-behaviours";
import { configureSwup } from "./navigation";
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

// swup is created by @swup/astro once the page is idle and published as window.swup (globalInstance).
// It handles clicks from its constructor on, two frames before it announces itself (swup:enable):
// configured the moment it is published, the shell's link rules apply from the first click (a click a
// behaviour took over, such as the news calendar's day, is never a page visit).
let published: Swup | undefined;
Object.defineProperty(window, "swup", {
  configurable: true,
  get: () => published,
  set(swup: Swup) {
    published = swup;
    configureSwup(swup);
  },
});
