/**
 * A press in progress when the page's scripts start. The shopper's first press on a link is an intent
 * that starts the scripts (decision 070), and the scripts may run before the finger or the button is
 * released: anything they put over the page then (the consent prompt made modal) takes the release, so
 * the click lands on no link and is lost. The boot script (layouts/boot-script.ts) marks `<html>` with
 * PRESS_ATTRIBUTE from the first press to its release, from before this module is even fetched.
 */
export const PRESS_ATTRIBUTE = "data-press";

/**
 * How long after a release its click may come: a tap's click follows the touch's end as a separate input
 * (a drag or a long press makes none).
 */
export const CLICK_WAIT_MS = 400;

/**
 * Runs `then` at once when no press is in progress, or else once it is released and the click it makes
 * has been handled (the link followed, the button pressed).
 */
export function afterPress(then: () => void): void {
  if (!document.documentElement.hasAttribute(PRESS_ATTRIBUTE)) {
    then();
    return;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    window.removeEventListener("pointerup", released, true);
    window.removeEventListener("pointercancel", finish, true);
    window.removeEventListener("click", finish, true);
    // After the click's own handlers and default action (a link's navigation has begun by then).
    setTimeout(then, 0);
  };
  const released = () => {
    window.addEventListener("click", finish, { capture: true, once: true });
    setTimeout(finish, CLICK_WAIT_MS);
  };
  window.addEventListener("pointerup", released, { capture: true, once: true });
  window.addEventListener("pointercancel", finish, { capture: true, once: true });
}
