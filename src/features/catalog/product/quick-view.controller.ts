import { connectControllers } from "~/shell/controllers";
/**
 * Quick view of product rows (spec 001 sections 2 and 4): the eye link loads its quick URL once into
 * the row's panel, then toggles it (hidden or shown); the icon and aria-expanded follow. Without
 * JavaScript the eye is a link to the product page.
 */
export default function connect(list: HTMLElement): void {
  list.addEventListener("click", async (event) => {
    const toggle = (event.target as Element).closest<HTMLAnchorElement>("a[data-quick-view]");
    if (!toggle) return;
    event.preventDefault();
    const panel = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    if (!panel) return;
    if (!panel.dataset.loaded) {
      panel.dataset.loaded = "loading";
      const response = await fetch(toggle.dataset.quickView ?? "", { headers: { Accept: "text/html" } }).catch(
        () => null,
      );
      if (!response?.ok) {
        delete panel.dataset.loaded;
        window.location.assign(toggle.href);
        return;
      }
      // Our own server's fragment.
      panel.innerHTML = await response.text();
      panel.dataset.loaded = "true";
      // Its own behaviours (the wishlist heart opens the modal).
      connectControllers(panel);
    }
    const open = panel.hidden;
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.classList.toggle("is-open", open);
  });
}
