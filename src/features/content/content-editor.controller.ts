import { PREVIEW_DELAY_MS } from "./content";

/**
 * The content editor's live preview: typing in a culture's fields posts that culture's preview form
 * into the preview frame, half a second after the last keystroke (the same Preview buttons work without
 * JavaScript). The last body field used is where the pickers insert.
 */
export default function connect(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  let timer = 0;
  const previewOf = (element: Element | null) =>
    element?.closest("fieldset[data-culture]")?.querySelector<HTMLButtonElement>("[data-preview]") ?? null;
  const refresh = (button: HTMLButtonElement | null) => {
    window.clearTimeout(timer);
    if (!button) return;
    timer = window.setTimeout(() => form.requestSubmit(button), PREVIEW_DELAY_MS);
  };
  form.addEventListener("input", (event) => refresh(previewOf(event.target as Element)));
  form.addEventListener("focusin", (event) => {
    const body = (event.target as Element).closest<HTMLTextAreaElement>("textarea[data-body]");
    if (body) form.dataset.activeBody = body.id;
  });
  // The first culture's preview shows at once.
  refresh(form.querySelector<HTMLButtonElement>("fieldset[open] [data-preview], [data-preview]"));
}

/** Inserts text at the caret of the editor's active body field, as if typed (the preview follows). */
export function insertIntoBody(text: string): boolean {
  const form = document.querySelector<HTMLFormElement>("form[data-controller~='content-editor']");
  const id = form?.dataset.activeBody;
  const body =
    (id ? document.getElementById(id) : null) ?? form?.querySelector<HTMLTextAreaElement>("textarea[data-body]");
  if (!(body instanceof HTMLTextAreaElement)) return false;
  body.focus();
  body.setRangeText(text, body.selectionStart, body.selectionEnd, "end");
  body.dispatchEvent(new Event("input", { bubbles: true }));
  return true;
}
