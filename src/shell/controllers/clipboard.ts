import { CLIPBOARD_MESSAGE_HIDE_MS, CLIPBOARD_MESSAGE_REMOVE_MS, CLIPBOARD_MESSAGE_SHOW_MS } from "../constants";
import { shellStrings } from "../strings";

/**
 * Copy to clipboard: `data-clipboard-text`, the text of `data-clipboard-target`, or (a link) its URL.
 * The message appears, shows at 100 ms, hides at 2000 ms and is removed at 2500 ms.
 */
export function textToCopy(element: HTMLElement): string {
  const { clipboardText, clipboardTarget } = element.dataset;
  if (clipboardText !== undefined) return clipboardText;
  if (clipboardTarget) {
    const target = document.querySelector<HTMLElement>(clipboardTarget);
    if (target)
      return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
        ? target.value
        : (target.textContent ?? "").trim();
  }
  if (element instanceof HTMLAnchorElement) return new URL(element.href, window.location.href).href;
  return window.location.href;
}

function showMessage(anchor: HTMLElement): void {
  const message = document.createElement("span");
  message.className = "clipboard-message";
  message.setAttribute("role", "status");
  message.textContent = anchor.dataset.clipboardMessage ?? shellStrings().copied;
  anchor.after(message);
  setTimeout(() => message.classList.add("is-visible"), CLIPBOARD_MESSAGE_SHOW_MS);
  setTimeout(() => message.classList.remove("is-visible"), CLIPBOARD_MESSAGE_HIDE_MS);
  setTimeout(() => message.remove(), CLIPBOARD_MESSAGE_REMOVE_MS);
}

export default function connect(element: HTMLElement): void {
  element.addEventListener("click", async (event) => {
    event.preventDefault();
    try {
      await navigator.clipboard.writeText(textToCopy(element));
      showMessage(element);
    } catch (error) {
      console.warn("copy failed", error);
    }
  });
}
