import { CITY_AUTOCOMPLETE_MIN_LENGTH } from "~/features/pricing/pricing.constants";
import { trackEcommerce } from "~/shell/tag-manager";
import { isCartForm } from "./cart.forms";
import { COUNTRY_CHANGED_EVENT, runCartAction, suggestCities } from "./cart.store";

const SCROLL_KEY = "vitrine:cart-scroll";
const NOTICE_KEY = "vitrine:cart-notice";

/**
 * The cart page (and the checkout's cart controls) with JavaScript: each form calls the API, then the
 * page reloads so every amount is the server's. The scroll position survives a shipping method
 * change; a notice (coupon) is shown after the reload; a country change made elsewhere reloads the
 * page unless this page made it. Postal codes are suggested from 4 characters.
 */
export default function connect(root: HTMLElement): void {
  restoreAfterReload(root);
  const viewCart = root.dataset.trackViewCart;
  if (viewCart) trackEcommerce(root.dataset.trackEvent ?? "view_cart", JSON.parse(viewCart));

  let ownChange = false;
  const onCountryChanged = () => {
    if (!ownChange && document.body.contains(root)) location.reload();
  };
  document.addEventListener(COUNTRY_CHANGED_EVENT, onCountryChanged);

  root.addEventListener("change", (event) => {
    const input = event.target as HTMLInputElement;
    if (input.matches("[data-auto-submit]")) input.form?.requestSubmit();
  });

  root.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    const action = form.dataset.cartAction;
    if (!isCartForm(action)) return;
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
    if (action === "city" && !(fields.CityId && suggestionKeys(form).has(fields.CityId))) {
      status(form, form.querySelector<HTMLInputElement>("[data-city-autocomplete]")?.dataset.none ?? "");
      return;
    }
    if (action === "country") ownChange = true;
    void runCartAction(action, fields).then((outcome) => {
      if (!outcome.ok) {
        status(form, outcome.message);
        return;
      }
      if (action === "method") sessionStorage.setItem(SCROLL_KEY, String(window.scrollY));
      if (outcome.notice) {
        const source = root.querySelector<HTMLElement>(`[data-notice-${outcome.notice.kind}]`);
        sessionStorage.setItem(
          NOTICE_KEY,
          JSON.stringify({ kind: outcome.notice.kind, text: source?.textContent ?? "" }),
        );
      }
      location.reload();
    });
  });

  root.addEventListener("click", (event) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("[data-begin-checkout]");
    if (link && viewCart) trackEcommerce("begin_checkout", JSON.parse(viewCart));
  });

  let timer: ReturnType<typeof setTimeout> | undefined;
  root.addEventListener("input", (event) => {
    const input = event.target as HTMLInputElement;
    if (!input.matches("[data-city-autocomplete]")) return;
    clearTimeout(timer);
    timer = setTimeout(() => void showCitySuggestions(input), 200);
  });
}

function suggestionKeys(form: HTMLFormElement): Set<string> {
  const list = form.querySelector("datalist");
  return new Set([...(list?.querySelectorAll("option") ?? [])].map((o) => o.value));
}

async function showCitySuggestions(input: HTMLInputElement): Promise<void> {
  const form = input.form;
  const list = form?.querySelector("datalist");
  if (!form || !list) return;
  const query = input.value.trim();
  try {
    const cities = await suggestCities(input.dataset.cityAutocomplete ?? "", query);
    const entries = Object.entries(cities);
    list.replaceChildren(
      ...entries.map(([postalCode, name]) =>
        Object.assign(document.createElement("option"), { value: postalCode, label: `${postalCode} ${name}` }),
      ),
    );
    // "No city found" only once the autocomplete has started (4 characters).
    const searched = query.length >= CITY_AUTOCOMPLETE_MIN_LENGTH;
    status(form, entries.length || !searched ? "" : (input.dataset.none ?? ""));
  } catch {
    // Reported by the request helper.
  }
}

function status(form: HTMLFormElement, message: string): void {
  let box = form.querySelector<HTMLElement>("[data-city-status], [data-form-status]");
  if (!box) {
    box = Object.assign(document.createElement("p"), { className: "form-error" });
    box.dataset.formStatus = "";
    box.setAttribute("role", "alert");
    form.append(box);
  }
  box.textContent = message;
}

function restoreAfterReload(root: HTMLElement): void {
  const scroll = sessionStorage.getItem(SCROLL_KEY);
  if (scroll !== null) {
    sessionStorage.removeItem(SCROLL_KEY);
    window.scrollTo(0, Number(scroll));
  }
  const notice = sessionStorage.getItem(NOTICE_KEY);
  if (notice) {
    sessionStorage.removeItem(NOTICE_KEY);
    const { kind, text } = JSON.parse(notice) as { kind: string; text: string };
    const box = Object.assign(document.createElement("p"), { className: `notice notice--${kind}`, textContent: text });
    box.setAttribute("role", "status");
    box.dataset.cartNotice = kind;
    root.prepend(box);
  }
}
