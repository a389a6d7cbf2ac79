import { openableLightbox } from "~/shell/lightbox";

/**
 * A news gallery opens its photos in glightbox (keyboard: arrows, Escape; focus returns to the
 * thumbnail). Loaded when the visitor reaches the gallery: a news page ships no lightbox before.
 */
export default async function connect(root: HTMLElement): Promise<void> {
  const links = [...root.querySelectorAll<HTMLAnchorElement>("a.news-gallery__item")];
  if (links.length === 0) return;
  const lightbox = await openableLightbox(links, root);
  let opened = 0;
  root.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a.news-gallery__item");
    if (!link) return;
    event.preventDefault();
    opened = links.indexOf(link);
    lightbox.openAt(opened);
  });
  lightbox.on("close", () => links[opened]?.focus());
}
