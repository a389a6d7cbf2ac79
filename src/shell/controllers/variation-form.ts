import { correctQuantity, QUANTITY_CORRECTION_DELAY_MS } from "../../features/catalog/quantity";

/**
 * Variation choice: a change sends the form (an Ajax page visit to the chosen variant). The quantity is
 * corrected by the quantity rules 600 ms after typing stops, at once on other events; the last changed
 * value goes along so the shopper's latest choice wins.
 */
export default function connect(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  for (const button of form.querySelectorAll<HTMLElement>("[data-no-js-only]")) button.hidden = true;
  const quantity = form.querySelector<HTMLInputElement>("input[name=Quantity]");
  const rules = () => ({
    min: Number(quantity?.min) || 1,
    max: Number(quantity?.max) || null,
    step: Number(quantity?.step) || 1,
  });
  let previous = quantity?.defaultValue ?? "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const correct = (submit: boolean) => {
    if (!quantity) return;
    const direction =
      Number(quantity.value) > Number(previous) ? "up" : Number(quantity.value) < Number(previous) ? "down" : null;
    const corrected = correctQuantity(quantity.value, rules(), direction);
    quantity.value = corrected === null ? "" : String(corrected);
    if (submit && corrected !== null && quantity.value !== previous) {
      previous = quantity.value;
      form.requestSubmit();
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => correct(true), QUANTITY_CORRECTION_DELAY_MS);
  };
  quantity?.addEventListener("input", schedule);
  // Typing may have started before this code arrived.
  if (quantity && quantity.value !== quantity.defaultValue) schedule();
  form.addEventListener("change", (event) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target === quantity) {
      clearTimeout(timer);
      correct(true);
      return;
    }
    const last =
      form.querySelector<HTMLInputElement>("input[name=LastChangedValueId]") ??
      Object.assign(document.createElement("input"), { type: "hidden", name: "LastChangedValueId" });
    last.value = target.value;
    form.append(last);
    form.requestSubmit();
  });
}
