import { PAGE_ANIMATION_MS } from "./constants";
import { connectControllers } from "./controllers";
import "./events";
import { endInitialLoader } from "./initial-loader";
import { installLinkBehaviours } from "./link-behaviours";
import { startSwup } from "./swup-start";
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

// swup loads now (the shell itself runs after the first paint); the document is marked ready once it
// runs, or once it failed to load (the page then works with plain loads).
startSwup()
  .catch(() => undefined)
  .finally(() => {
    document.documentElement.dataset.shell = "ready";
  });
