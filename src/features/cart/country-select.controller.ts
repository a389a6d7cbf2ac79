import { refreshCart } from "./cart.store";
import { putCurrentCountry } from "./current-country.client";

interface PageNavigator {
  navigate(url: string, options: Record<string, unknown>): void;
}

/**
 * The country selector with JavaScript (spec 001 section 4): saved as it changes, then the page shows its
 * new prices. With `data-country-in-place` the page is fetched again in place (a swup visit to the same
 * address, no new history entry, the header's mini-cart priced again); without it, it reloads. Choosing
 * the country already current does nothing.
 */
export default function connect(form: HTMLElement): void {
  const button = form.querySelector<HTMLButtonElement>("[data-country-go]");
  const select = form.querySelector<HTMLSelectElement>("select[name=currentCountry]");
  if (button) {
    // A keyboard user may have reached the button before this behaviour arrived (focusing it is what
    // loads it): hiding it would drop focus to the page's start, so the select takes it.
    const focused = document.activeElement === button;
    button.hidden = true;
    if (focused) select?.focus();
  }
  // The country the page was rendered for (the behaviour may connect on the change itself, replayed).
  let current = [...(select?.options ?? [])].find((option) => option.defaultSelected)?.value ?? "";
  form.addEventListener("change", async (event) => {
    const changed = event.target as HTMLSelectElement;
    if (changed.name !== "currentCountry" || changed.value === current) return;
    // Taken at once: a second change event for the same choice (one replayed) finds it current.
    current = changed.value;
    try {
      await putCurrentCountry(changed.value);
    } catch {
      (form as HTMLFormElement).submit();
      return;
    }
    const swup = (window as unknown as { swup?: Partial<PageNavigator> }).swup;
    if (form.dataset.countryInPlace === undefined || typeof swup?.navigate !== "function") {
      window.location.reload();
      return;
    }
    swup.navigate(window.location.pathname + window.location.search, {
      history: "replace",
      cache: { read: false, write: false },
    });
    void refreshCart().catch(() => undefined);
  });
}
