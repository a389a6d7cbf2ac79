import { loadChunk } from "./chunks";

import { type ControllerDefinition, defineControllers } from "./controller";

/**
 * Behaviours attached by `data-controller="name other"`; each loads lazily, the first time a page
 * holds one, so pages without them pay nothing. An unknown name is a warning only (spec 000 section 8).
 * The shell's own are generic; features register theirs (`registerControllers`).
 */
const registry = new Map<string, ControllerDefinition>();

export function registerControllers(definitions: ControllerDefinition[]): void {
  for (const definition of definitions) {
    if (registry.has(definition.name)) console.warn(`Controller defined twice: ${definition.name}`);
    registry.set(definition.name, definition);
  }
}

registerControllers(
  defineControllers([
    { name: "clipboard", load: "eager", module: () => import("./controllers/clipboard") },
    { name: "share", load: "eager", module: () => import("./controllers/share") },
    { name: "fake-select", load: "eager", module: () => import("./controllers/fake-select") },
    { name: "scroll-animate", load: "eager", module: () => import("./controllers/scroll-animate") },
    { name: "animated-label", load: "eager", module: () => import("./controllers/animated-label") },
    { name: "bigger-link", load: "eager", module: () => import("./controllers/bigger-link") },
    { name: "validation", load: "interaction", module: () => import("./controllers/validation") },
    { name: "off-canvas", load: "interaction", module: () => import("./controllers/off-canvas") },
    { name: "see-more", load: "interaction", module: () => import("./controllers/see-more") },
    { name: "carousel", load: "interaction", module: () => import("./controllers/carousel") },
  ]),
);

const INTERACTION_EVENTS = ["focusin", "pointerdown", "pointerover"] as const;

const HELD_EVENTS = ["submit", "change", "click", "input"] as const;

const connected = new WeakMap<HTMLElement, Set<string>>();

/**
 * Loads when the element is first used, when it becomes visible (`data-load-visible`), or when a
 * document event named in `data-load-on` fires (another
 * part of the page changed something this element follows). Typing, changes, a submit and link clicks that
 * happen before the behaviour arrived are held back and replayed once it is connected: `start` gets a
 * function that ends the hold.
 */
function whenUsed(element: HTMLElement, start: (release: () => void) => void): void {
  const held: { type: string; target: EventTarget | null; submitter: HTMLElement | null }[] = [];
  let started = false;
  const documentEvents = (element.dataset.loadOn ?? "").split(/\s+/).filter(Boolean);
  const hold = (event: Event) => {
    if (event.type === "click" && !(event.target instanceof Element && event.target.closest("a[href]"))) return;
    if (event.type === "submit" || event.type === "click") {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
    held.push({ type: event.type, target: event.target, submitter: (event as SubmitEvent).submitter ?? null });
    begin();
  };
  const begin = () => {
    if (started) return;
    started = true;
    for (const name of INTERACTION_EVENTS) element.removeEventListener(name, begin, true);
    for (const name of documentEvents) document.removeEventListener(name, begin);
    start(() => {
      for (const name of HELD_EVENTS) element.removeEventListener(name, hold, true);
      for (const { type, target, submitter } of held) {
        // A submit is sent again for real (a dispatched event submits nothing), from the form it was
        // for, which may be inside the behaviour's element (the checkout's), with the button pressed.
        if (type === "submit" && target instanceof HTMLFormElement) target.requestSubmit(submitter);
        else if (type === "click") (target as Element).closest<HTMLElement>("a[href]")?.click();
        else target?.dispatchEvent(new Event(type, { bubbles: true }));
      }
    });
  };
  for (const name of HELD_EVENTS) element.addEventListener(name, hold, true);
  for (const name of INTERACTION_EVENTS) element.addEventListener(name, begin, true);
  for (const name of documentEvents) document.addEventListener(name, begin);
  // The shopper may already be in it (a field focused before the page's scripts started): it is in use.
  if (element.matches(":focus-within")) begin();
  // `data-load-visible`: also when it is in view, once the page has painted and gone idle (a carousel
  // that moves by itself starts then: its library is not part of the first load).
  if (element.dataset.loadVisible !== undefined && "IntersectionObserver" in window) {
    afterFirstIdle(() => {
      if (started) return;
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          begin();
        }
      });
      observer.observe(element);
    });
  }
}

let idle: Promise<void> | undefined;

/** Runs once the page has loaded and the browser is first idle (at most two seconds after the load). */
function afterFirstIdle(run: () => void): void {
  idle ??= new Promise<void>((resolve) => {
    const whenIdle = () =>
      "requestIdleCallback" in window
        ? requestIdleCallback(() => resolve(), { timeout: 2000 })
        : setTimeout(resolve, 1);
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
  });
  void idle.then(run);
}

/**
 * Behaviours set themselves up in slices of at most SLICE_MS, the browser painting and answering input
 * in between: a page's dozen behaviours connected in one go made a task long enough to count as
 * blocking on a phone (Lighthouse's TBT counts every task over 50 ms at a quarter of a desktop's speed).
 */
export const SLICE_MS = 5;
let sliceStarted = -1;
let queue: Promise<unknown> = Promise.resolve();

const yieldToBrowser = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/** Runs `job` after those queued before it, in a new task once the current slice is spent. */
export function inSlices<T>(job: () => T): Promise<{ result: T }> {
  const run = queue.then(async () => {
    if (sliceStarted >= 0 && performance.now() - sliceStarted >= SLICE_MS) {
      await yieldToBrowser();
      sliceStarted = -1;
    }
    if (sliceStarted < 0) {
      sliceStarted = performance.now();
      // The slice ends with the task it began in, whether or not it was spent.
      setTimeout(() => {
        sliceStarted = -1;
      }, 0);
    }
    // Wrapped: an asynchronous set-up (a library to load) does not hold the queue.
    return { result: job() };
  });
  queue = run.catch(() => undefined);
  return run;
}

export function connectControllers(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>("[data-controller]")) {
    const names = (element.dataset.controller ?? "").split(/\s+/).filter(Boolean);
    const done = connected.get(element) ?? new Set<string>();
    connected.set(element, done);
    for (const name of names) {
      if (done.has(name)) continue;
      done.add(name);
      const definition = registry.get(name);
      if (!definition) {
        console.warn(`Missing controller: ${name}`);
        continue;
      }
      // The browser's own checks would block a submit made before the rules arrive (no submit event to
      // hold), and speak the browser's language: the rules, in the shopper's language, replace them.
      if (name === "validation" && element instanceof HTMLFormElement) element.noValidate = true;
      const run = (release: () => void = () => {}) =>
        loadChunk(`controller-${name}`, definition.module)
          .then(async (module) => {
            // A behaviour that sets itself up asynchronously (a library to load first) is live, and
            // held clicks are replayed, once its promise settles.
            await (await inSlices(() => module.default(element))).result;
            // Says which behaviours are live (for CMS scripts and tests).
            element.dataset.connected = `${element.dataset.connected ?? ""} ${name}`.trim();
            release();
          })
          .catch(() => done.delete(name));
      if (definition.load === "interaction") whenUsed(element, run);
      else void run();
    }
  }
}
