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
// The whole document: header parts that follow the page (navigation, account) are replaced too.
document.addEventListener("page:loaded", () => connectControllers(document));

/** Lets the browser paint and answer input between the steps (each is one short task, not one long). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The link rules and the tag manager first (a click is then ours), the controllers next, swup last. The
 * document is marked ready once swup runs, or once it failed to load (the page then works with plain
 * loads).
 */
async function start(): Promise<void> {
  installLinkBehaviours();
  installTagManager();
  await nextTask();
  connectControllers();
  endInitialLoader();
  await nextTask();
  await startSwup().catch(() => undefined);
  document.documentElement.dataset.shell = "ready";
}

void start();
