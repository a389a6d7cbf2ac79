/** Sort, page size and display apply as soon as they change (the button is for browsers without JavaScript). */
export default function connect(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  for (const button of form.querySelectorAll<HTMLElement>("[data-no-js-only]")) button.hidden = true;
  form.addEventListener("change", () => form.requestSubmit());
}
