import { connectControllers } from "./controllers";
import { ISLAND_HOLDS_ATTRIBUTE } from "./directives/interaction";
import "./events";
import { endInitialLoader } from "./initial-loader";
import { installLinkBehaviours } from "./link-behaviours";
import { startSwupOnIntent } from "./swup-start";
import { installTagManager } from "./tag-manager";

/**
 * The shell's browser code, on every page (no React): link rules and page events on swup, request
 * errors, the tag manager, and lazily loaded controllers (features register theirs first:
 * src/layouts/behaviours.ts).
 */
// The whole document: header parts that follow the page (navigation, account) are replaced too.
document.addEventListener("page:loaded", () => connectControllers(document));

declare global {
  interface Window {
    /** What the boot script held before the shell was here: forms sent (with their button) and fields typed in. */
    VitrineEarly?: (HTMLElement | [HTMLFormElement, HTMLElement | null])[] | null;
  }
}

/**
 * What the shopper did before the shell arrived, now that the behaviours wait for it: a held form is
 * sent again (its behaviour holds it until it is connected, then sends it its own way), a field typed
 * in says so again (a quantity is corrected as if typed now). The boot script holds nothing after this.
 */
function replayEarlyEvents(): void {
  const held = window.VitrineEarly ?? [];
  window.VitrineEarly = null;
  for (const item of held) {
    const target = Array.isArray(item) ? item[0] : item;
    void islandHolding(target).then(() => {
      if (Array.isArray(item)) item[0].requestSubmit(item[1]);
      else item.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }
}

/** Settles once the island around `target` (if any) holds what is done in it, or has hydrated (5 s at most). */
function islandHolding(target: Element): Promise<void> {
  const island = target.closest("astro-island");
  const ready = () => !island?.hasAttribute("ssr") || island.hasAttribute(ISLAND_HOLDS_ATTRIBUTE);
  if (!island || ready()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(island, { attributes: true });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, 5000);
  });
}

/** Lets the browser paint and answer input between the steps (each is one short task, not one long). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The link rules and the tag manager first (a click is then ours), the controllers next; swup waits
 * for the first intent to follow a link (swup-start.ts). The document is marked ready once the
 * controllers are connected.
 */
async function start(): Promise<void> {
  installLinkBehaviours();
  installTagManager();
  await nextTask();
  connectControllers();
  replayEarlyEvents();
  endInitialLoader();
  startSwupOnIntent();
  document.documentElement.dataset.shell = "ready";
}

void start();
