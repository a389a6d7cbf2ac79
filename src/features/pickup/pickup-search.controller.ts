import { savePickupPoint } from "./pickup.client";

/**
 * The pickup point modal: clicking an entry activates it and enables the choose button; choosing
 * saves the point (shipping names taken from the checkout's billing names) and reloads the page.
 * The map (MapLibre) loads only now, when the modal is open. Without JavaScript each entry is a form.
 */
export default function connect(root: HTMLElement): void {
  const select = root.querySelector<HTMLButtonElement>("[data-pickup-select]");
  if (select) select.hidden = false;
  let active: HTMLElement | null = null;

  const activate = (entry: HTMLElement) => {
    active?.classList.remove("is-active");
    active?.querySelector("[data-pickup-entry]")?.setAttribute("aria-pressed", "false");
    active = entry;
    entry.classList.add("is-active");
    entry.querySelector("[data-pickup-entry]")?.setAttribute("aria-pressed", "true");
    if (select) select.disabled = false;
    map?.then((m) => m.focus(entry.dataset.pickupPoint ?? ""));
  };

  root.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("[data-pickup-entry]");
    const entry = button?.closest<HTMLElement>("[data-pickup-point]");
    if (!button || !entry) return;
    event.preventDefault();
    activate(entry);
  });

  select?.addEventListener("click", async () => {
    const form = active?.querySelector("form");
    if (!form) return;
    const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
    delete fields.ReturnUrl;
    const first = document.querySelector<HTMLInputElement>("[name='Billing.FirstName']")?.value;
    const last = document.querySelector<HTMLInputElement>("[name='Billing.LastName']")?.value;
    if (first) fields.ShippingFirstName = first;
    if (last) fields.ShippingLastName = last;
    select.disabled = true;
    try {
      await savePickupPoint(fields);
      location.reload();
    } catch {
      select.disabled = false;
    }
  });

  const container = root.querySelector<HTMLElement>("[data-pickup-map]");
  const points = [...root.querySelectorAll<HTMLElement>("[data-pickup-point]")].map((el) => ({
    id: el.dataset.pickupPoint ?? "",
    lat: Number(el.dataset.lat),
    lon: Number(el.dataset.lon),
    name: el.querySelector("strong")?.textContent ?? "",
  }));
  const map =
    container && points.length
      ? import("./pickup-map.controller")
          .then(async (m) => {
            await m.mapStylesReady();
            return m;
          })
          .then((m) =>
            m.mountPickupMap(container, points, root.dataset.mapStyle || null, (id) => {
              const entry = root.querySelector<HTMLElement>(`[data-pickup-point="${CSS.escape(id)}"]`);
              if (entry) {
                activate(entry);
                entry.scrollIntoView({ block: "nearest" });
              }
            }),
          )
          .catch((error) => {
            console.warn("The pickup map could not start", error);
            return null as never;
          })
      : null;
}
