import { SCROLL_ANIMATION_ONCE, VIEWPORT_VISIBILITY_RATIO } from "../constants";

/** Adds in-viewport or out-viewport as an element crosses 10 % visibility; once only in the shop configuration. */
let observer: IntersectionObserver | undefined;

function shared(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const visible = entry.intersectionRatio >= VIEWPORT_VISIBILITY_RATIO;
        entry.target.classList.toggle("in-viewport", visible);
        entry.target.classList.toggle("out-viewport", !visible);
        const once = (entry.target as HTMLElement).dataset.animateOnce !== "false" && SCROLL_ANIMATION_ONCE;
        if (visible && once) observer?.unobserve(entry.target);
      }
    },
    { threshold: [0, VIEWPORT_VISIBILITY_RATIO] },
  );
  return observer;
}

/**
 * The element itself, or with `data-animate-children` each of its child blocks (CMS content: its
 * paragraphs, images and islands), starts out-viewport. Nothing is hidden before this runs (no
 * JavaScript: no animation) nor under prefers-reduced-motion (global.css).
 */
export default function connect(element: HTMLElement): void {
  const targets = element.dataset.animateChildren !== undefined ? [...element.children] : [element];
  for (const target of targets) {
    target.classList.add("out-viewport");
    shared().observe(target);
  }
}
