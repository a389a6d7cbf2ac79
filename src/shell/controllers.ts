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

const connected = new WeakMap<HTMLElement, Set<string>>();

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
      loadChunk(`controller-${name}`, load)
        .then((module) => module.default(element))
        .catch(() => done.delete(name));
    }
  }
}
