import { command, loadPlayer, marketingAllowed } from "./video-player";

/**
 * Opens a video modal (spec 001): with marketing consent the player loads and plays at once, without
 * it the placeholder asks; closing the modal pauses the video.
 */
export default function connect(root: HTMLElement): void {
  const link = root.querySelector<HTMLAnchorElement>("[data-video-open]");
  const dialog = root.querySelector<HTMLDialogElement>("dialog");
  const video = dialog?.querySelector<HTMLElement>(".video");
  if (!link || !dialog || !video) return;
  link.addEventListener("click", (event) => {
    event.preventDefault();
    dialog.showModal();
    if (marketingAllowed()) {
      loadPlayer(video);
      command(video, true);
    }
  });
  dialog.addEventListener("close", () => command(video, false));
}
