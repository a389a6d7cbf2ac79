/**
 * The sticky main navigation (spec 001): the header keeps its place at the top through CSS
 * (`position: sticky`, so nothing below moves); past a scroll of the navigation's height (default 60)
 * it gets `is-stuck`, which only draws its shadow.
 */
export const STICKY_THRESHOLD_DEFAULT_PX = 60;

export default function connect(header: HTMLElement): void {
  const nav = header.querySelector<HTMLElement>("[data-sticky-threshold]") ?? header;
  const threshold = () => nav.offsetHeight || STICKY_THRESHOLD_DEFAULT_PX;
  let frame = 0;
  const update = () => {
    frame = 0;
    header.classList.toggle("is-stuck", window.scrollY > threshold());
  };
  window.addEventListener(
    "scroll",
    () => {
      if (!frame) frame = requestAnimationFrame(update);
    },
    { passive: true },
  );
  update();
}
