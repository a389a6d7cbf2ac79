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
  "list-toolbar": () => import("./controllers/list-toolbar"),
  "list-filter": () => import("./controllers/list-filter"),
  "variation-form": () => import("./controllers/variation-form"),
};

/** Controllers that wait for the shopper to reach their element (a form being filled) before loading. */
const ON_INTERACTION = new Set(["validation", "list-toolbar", "list-filter", "variation-form"]);
const INTERACTION_EVENTS = ["focusin", "pointerdown"] as const;

const connected = new WeakMap<HTMLElement, Set<string>>();

/**
 * Loads when the element is first used. Changes and a submit that happen before the behaviour arrived
 * are held back and replayed once it is connected: `start` gets a function that ends the hold.
 */
function whenUsed(element: HTMLElement, start: (release: () => void) => void): void {
  const held: { type: string; target: EventTarget | null }[] = [];
  let started = false;
  const hold = (event: Event) => {
    if (event.type === "submit") {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
    held.push({ type: event.type, target: event.target });
    begin();
  };
  const begin = () => {
    if (started) return;
    started = true;
    for (const name of INTERACTION_EVENTS) element.removeEventListener(name, begin, true);
    start(() => {
      element.removeEventListener("submit", hold, true);
      element.removeEventListener("change", hold, true);
      for (const { type, target } of held) {
        if (type === "submit" && element instanceof HTMLFormElement) element.requestSubmit();
        else target?.dispatchEvent(new Event(type, { bubbles: true }));
      }
    });
  };
  element.addEventListener("submit", hold, true);
  element.addEventListener("change", hold, true);
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
      const run = (release: () => void = () => {}) =>
        loadChunk(`controller-${name}`, load)
          .then((module) => {
            module.default(element);
            // Says which behaviours are live (for CMS scripts and tests).
            element.dataset.connected = `${element.dataset.connected ?? ""} ${name}`.trim();
            release();
          })
          .catch(() => done.delete(name));
      if (ON_INTERACTION.has(name)) whenUsed(element, run);
      else void run();
    }
  }
}
