import { foldTerm } from "~/lib/text";

/** Live facet filter: 1000 ms after the last change the form goes out with the filter as one JSON parameter. */
export const LIVE_FILTER_DELAY_MS = 1000;

export function filterFromInputs(form: HTMLFormElement): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  const brands = [...form.querySelectorAll<HTMLInputElement>("input[name=brand]:checked")].map((i) => Number(i.value));
  if (brands.length) filter.Brands = brands;
  const attributes: Record<string, number[]> = {};
  for (const input of form.querySelectorAll<HTMLInputElement>("input[name=av]:checked")) {
    const key = input.dataset.attributeId ?? "";
    attributes[key] = [...(attributes[key] ?? []), Number(input.dataset.id)];
  }
  if (Object.keys(attributes).length) filter.ProductAttributes = attributes;
  const min = form.querySelector<HTMLInputElement>("input[name=priceMin]")?.value;
  const max = form.querySelector<HTMLInputElement>("input[name=priceMax]")?.value;
  if (min) filter.PriceMin = Number(min);
  if (max) filter.PriceMax = Number(max);
  if (form.querySelector<HTMLInputElement>("input[name=inStock]")?.checked) filter.InStock = true;
  return filter;
}

export default function connect(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The form goes out with the filter as one JSON parameter, however it is submitted. */
  const prepare = () => {
    const filter = filterFromInputs(form);
    const hidden =
      form.querySelector<HTMLInputElement>("input[name=filter]") ??
      Object.assign(document.createElement("input"), { type: "hidden", name: "filter" });
    hidden.value = Object.keys(filter).length ? JSON.stringify(filter) : "";
    hidden.disabled = hidden.value === "";
    form.append(hidden);
    // The plain fields stay for browsers without JavaScript; here the JSON says it all.
    for (const input of form.querySelectorAll<HTMLInputElement>("[data-change]")) input.disabled = true;
  };
  const send = () => {
    prepare();
    form.requestSubmit();
  };
  form.addEventListener("change", (event) => {
    if (!(event.target as Element).matches("[data-change]")) return;
    clearTimeout(timer);
    // In the open side panel the shopper chooses several filters, then applies them (the page would
    // swap under the panel at each choice).
    if (form.closest("[data-off-canvas].is-open")) return;
    timer = setTimeout(send, LIVE_FILTER_DELAY_MS);
  });
  form.addEventListener("submit", () => {
    clearTimeout(timer);
    prepare();
  });
  const search = form.querySelector<HTMLInputElement>("[data-brand-search]");
  search?.addEventListener("input", () => {
    const term = foldTerm(search.value.trim());
    for (const option of form.querySelectorAll<HTMLElement>("[data-brand-option]"))
      option.hidden = term !== "" && !foldTerm(option.textContent ?? "").includes(term);
  });
}
