import { remember } from "./popup-memory";

/** Removing a banner (spec 001): its id and the time go to the popup memory, and the banner leaves the page. */
export default function connect(button: HTMLElement): void {
  const banner = button.closest<HTMLElement>("[data-memory-id]");
  if (!banner) return;
  button.hidden = false;
  button.addEventListener("click", () => {
    remember(banner.dataset.memoryId ?? "");
    banner.remove();
  });
}
