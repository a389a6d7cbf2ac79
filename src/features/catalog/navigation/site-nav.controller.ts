/**
 * The main navigation's panels on wide screens (spec 001: dropdown-click navigation, panel navigation,
 * touch fake-hover). The chevron opens and closes its panel; a first tap on a top category from a
 * touch screen opens its panel and a second follows the link; Escape and a click elsewhere close it.
 * Hover is CSS's; the side panel on narrow screens is the off-canvas controller's.
 */
const WIDE = "(min-width: 1024px)";

export default function connect(nav: HTMLElement): void {
  const items = Array.from(nav.querySelectorAll<HTMLElement>("[data-nav-item]"));
  const wide = () => window.matchMedia(WIDE).matches;
  let pointerType = "";

  const toggleOf = (item: Element) => item.querySelector<HTMLElement>("[data-nav-toggle]");
  const setOpen = (item: Element, open: boolean) => {
    item.classList.toggle("is-open", open);
    toggleOf(item)?.setAttribute("aria-expanded", String(open));
  };
  const closeAll = (except?: Element) => {
    for (const item of items) if (item !== except && item.classList.contains("is-open")) setOpen(item, false);
  };

  for (const item of items) {
    const toggle = toggleOf(item);
    if (!toggle) continue;
    // A link to its panel without JavaScript; here a button that opens and closes it.
    toggle.setAttribute("role", "button");
    toggle.setAttribute("aria-expanded", "false");
    toggle.addEventListener("keydown", (event) => {
      if (event.key !== " ") return;
      event.preventDefault();
      toggle.click();
    });
    toggle.addEventListener("click", (event) => {
      event.preventDefault();
      const open = !item.classList.contains("is-open");
      closeAll(item);
      setOpen(item, open);
    });
    const link = item.querySelector<HTMLAnchorElement>("[data-nav-link]");
    link?.addEventListener("pointerdown", (event) => {
      pointerType = event.pointerType;
    });
    link?.addEventListener("click", (event) => {
      // The first tap may have loaded this behaviour and been replayed: then the screen says it is touch.
      const touch = pointerType ? pointerType === "touch" : window.matchMedia("(hover: none)").matches;
      if (!touch || !wide() || item.classList.contains("is-open")) return;
      // Fake hover: a touch screen has no hover to show the panel, so the first tap does.
      event.preventDefault();
      closeAll(item);
      setOpen(item, true);
    });
  }

  nav.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const open = items.find((item) => item.classList.contains("is-open"));
    if (!open) return;
    event.stopPropagation();
    setOpen(open, false);
    toggleOf(open)?.focus();
  });
  // A click elsewhere or leaving the page closes the panels. The navigation is replaced on page swaps:
  // a replaced one drops its listeners the next time they fire.
  const gone = new AbortController();
  const close = (event: Event) => {
    if (!nav.isConnected) return gone.abort();
    if (event.type === "page:leave" || !(event.target instanceof Node) || !nav.contains(event.target)) closeAll();
  };
  document.addEventListener("click", close, { signal: gone.signal });
  document.addEventListener("page:leave", close, { signal: gone.signal });
}
