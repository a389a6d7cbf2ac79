import { putCurrentCountry } from "./current-country.client";

/** The country selector with JavaScript: saved as it changes, then the page shows its new prices. */
export default function connect(form: HTMLElement): void {
  const button = form.querySelector<HTMLButtonElement>("[data-country-go]");
  if (button) button.hidden = true;
  form.addEventListener("change", async (event) => {
    const select = event.target as HTMLSelectElement;
    if (select.name !== "currentCountry") return;
    try {
      await putCurrentCountry(select.value);
      window.location.reload();
    } catch {
      (form as HTMLFormElement).submit();
    }
  });
}
