import { command, loadPlayer } from "./video-player";

/** A video placeholder's play button: loads the player and plays it (the visitor asked for this one). */
export default function connect(video: HTMLElement): void {
  const play = video.querySelector<HTMLButtonElement>("[data-video-play]");
  if (!play) return;
  play.hidden = false;
  play.addEventListener("click", () => {
    loadPlayer(video);
    command(video, true);
  });
}
