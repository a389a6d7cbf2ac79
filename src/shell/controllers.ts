import { loadChunk } from "./chunks";

/**
 * Behaviours attached by `data-controller="name other"`; each loads lazily, the first time a page
 * holds one, so pages without them pay nothing. An unknown name is a warning only (spec 000 section 8).
 */
type Connect = (element: HTMLElement) => void;

const CONTROLLERS: Record<string, () => Promise<{ default: Connect }>> = {
  clipboard: () => import("./controllers/clipboard"),
  share: () => import("./controllers/share"),
  "fake-select": () => import("./controllers/fake-select"),
  "scroll-animate": () => import("./controllers/scroll-animate"),
  "animated-label": () => import("./controllers/animated-label"),
  "bigger-link": () => import("./controllers/bigger-link"),
  validation: () => import("./controllers/validation"),
  "cookie-law": () => import("./controllers/cookie-law"),
};

/** Controllers that wait for the shopper to reach their element (a form being filled) before loading. */
const ON_INTERACTION = new Set(["validation"]);
const INTERACTION_EVENTS = ["focusin", "pointerdown"] as const;

const connected = new WeakMap<HTMLElement, Set<string>>();

/**
 * Loads when the element is first used. A form sent before its checks arrived is held back, then
 * checked and sent again: `start` gets a function that ends the hold and says whether it happened.
 */
function whenUsed(element: HTMLElement, start: (release: () => boolean) => void): void {
  let submitted = false;
  let started = false;
  const hold = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    submitted = true;
    begin();
  };
  const begin = () => {
    if (started) return;
    started = true;
    for (const name of INTERACTION_EVENTS) element.removeEventListener(name, begin, true);
    start(() => {
      element.removeEventListener("submit", hold, true);
      return submitted;
    });
  };
  element.addEventListener("submit", hold, true);
  for (const name of INTERACTION_EVENTS) element.addEventListener(name, begin, true);
}

export function connectControllers(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>("[data-controller]")) {
    const names = (element.dataset.controller ?? "").split(/\s+/).filter(Boolean);
    const done = connected.get(element) ?? new Set<string>();
    connected.set(element, done);
    for (const name of names) {
      if (done.has(name)) continue;
      done.add(name);
      const load = CONTROLLERS[name];
      if (!load) {
        console.warn(`Missing controller: ${name}`);
        continue;
      }
      const run = (release: () => boolean = () => false) =>
        loadChunk(`controller-${name}`, load)
          .then((module) => {
            module.default(element);
            if (release() && element instanceof HTMLFormElement) element.requestSubmit();
          })
          .catch(() => done.delete(name));
      if (ON_INTERACTION.has(name)) whenUsed(element, run);
      else void run();
    }
  }
}
