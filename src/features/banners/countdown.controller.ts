import { COUNTDOWN_TICK_MS, countdownParts } from "./banners";

export type CountdownEnd = (root: HTMLElement) => void;

const reload: CountdownEnd = () => window.location.reload();
const hide: CountdownEnd = (root) => {
  const owner = root.closest<HTMLElement>("[data-countdown-owner]") ?? root;
  owner.hidden = true;
};

/**
 * Ticks a countdown every second (spec 001). When the end passes, `onEnd` runs once: by default the
 * page reloads (for popups and banners, whose server then leaves them out); `data-countdown-on-end="hide"`
 * hides it instead. A countdown taken away by a page swap stops.
 */
export function startCountdown(root: HTMLElement, onEnd?: CountdownEnd): () => void {
  const end = Date.parse(root.dataset.countdownEnd ?? "");
  if (Number.isNaN(end)) return () => {};
  const handler = onEnd ?? (root.dataset.countdownOnEnd === "hide" ? hide : reload);
  const values = new Map(
    [...root.querySelectorAll<HTMLElement>("[data-countdown-part]")].map((el) => [el.dataset.countdownPart, el]),
  );
  let timer = 0;
  const tick = () => {
    if (!root.isConnected) return window.clearInterval(timer);
    const parts = countdownParts(end, Date.now());
    for (const unit of ["days", "hours", "minutes", "seconds"] as const) {
      const el = values.get(unit);
      const text = String(parts[unit]).padStart(2, "0");
      if (el && el.textContent !== text) el.textContent = text;
    }
    if (parts.ended) {
      window.clearInterval(timer);
      handler(root);
    }
  };
  timer = window.setInterval(tick, COUNTDOWN_TICK_MS);
  tick();
  return () => window.clearInterval(timer);
}

export default function connect(root: HTMLElement): void {
  startCountdown(root);
}
