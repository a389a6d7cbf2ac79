/**
 * See more (spec 001: long team descriptions, and our category and brand texts). Without JavaScript
 * the whole text shows. With it, CSS cuts the text to its limit from the first paint (no shift) and
 * shows the toggle; this opens and closes it, and takes the toggle away from a text that fits
 * (at or below the limit: 184 px, or `data-see-more-height`).
 */
export const SEE_MORE_HEIGHT_PX = 184;

export default function connect(root: HTMLElement): void {
  const body = root.querySelector<HTMLElement>("[data-see-more-body]");
  const toggle = root.querySelector<HTMLElement>("[data-see-more-toggle]");
  if (!body || !toggle) return;
  const limit = Number(root.dataset.seeMoreHeight) || SEE_MORE_HEIGHT_PX;
  root.style.setProperty("--see-more-height", `${limit}px`);
  if (body.scrollHeight <= limit) {
    root.classList.add("is-short");
    return;
  }
  const more = toggle.dataset.more ?? "";
  const less = toggle.dataset.less ?? "";
  const set = (open: boolean) => {
    root.classList.toggle("is-open", open);
    toggle.setAttribute("aria-expanded", String(open));
    toggle.textContent = open ? less : more;
  };
  set(false);
  toggle.addEventListener("click", (event) => {
    event.preventDefault();
    set(toggle.getAttribute("aria-expanded") !== "true");
  });
  toggle.addEventListener("keydown", (event) => {
    if (event.key !== " ") return;
    event.preventDefault();
    toggle.click();
  });
}
