import { insertIntoBody } from "./content-editor.controller";

/** The image picker: each library image's "Insert" button puts its `<img>` at the caret of the body being edited. */
export default function connect(root: HTMLElement): void {
  root.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("button[data-insert-html]");
    if (!button) return;
    insertIntoBody(button.dataset.insertHtml ?? "");
  });
  for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-insert-html]")) button.hidden = false;
}
