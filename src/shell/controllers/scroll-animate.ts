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

export default function connect(element: HTMLElement): void {
  element.classList.add("out-viewport");
  shared().observe(element);
}
