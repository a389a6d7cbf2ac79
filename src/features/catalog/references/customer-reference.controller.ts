import { closeModal, openModal } from "~/shell/dialog";
import { saveReference, searchReferences } from "../catalog.client";
import { REFERENCE_SEARCH_MIN_CHARS } from "../catalog.constants";

const SEARCH_DELAY_MS = 200;

/**
 * Business customers' references: the form saves through the API (a failure shows
 * Catalog.CustomerRefUpdateError in a modal that leaves after 3000 ms), the search suggests matching
 * references from 2 characters, and the block follows the variant chosen in the picker.
 */
export default function connect(section: HTMLElement): void {
  section.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (form.matches("[data-reference-form]")) {
      event.preventDefault();
      void save(section, form);
    }
  });

  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;
  section.addEventListener("input", (event) => {
    const input = event.target as HTMLInputElement;
    if (!input.closest("[data-reference-search]")) return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const results = section.querySelector<HTMLElement>("[data-reference-results]");
      if (!results) return;
      const q = input.value.trim();
      pending?.abort();
      if (q.length < REFERENCE_SEARCH_MIN_CHARS) {
        results.replaceChildren();
        return;
      }
      pending = new AbortController();
      try {
        const found = await searchReferences(q, pending.signal);
        results.replaceChildren(
          ...(found.length
            ? found.map((r) => {
                const link = Object.assign(document.createElement("a"), {
                  href: `/${r.ProductLink}`,
                  textContent: r.CustomerSKU.label,
                });
                const item = document.createElement("li");
                item.append(link);
                return item;
              })
            : [Object.assign(document.createElement("li"), { textContent: section.dataset.none ?? "" })]),
        );
      } catch {
        // Aborted or already reported by the request helper.
      }
    }, SEARCH_DELAY_MS);
  });

  document.addEventListener("variant:changed", async (event) => {
    if (!section.isConnected) return;
    const choice = event.detail;
    const current = section.querySelector<HTMLInputElement>("input[name=ProductVariantId]");
    const id = choice.ProductVariantViewModel.ProductVariantId;
    if (!current || current.value === String(id)) return;
    // The variant answer carries this block's HTML; an older server's answer without it: the fragment.
    let html = choice.ProductVariantViewModel.CustomerReferenceHtml;
    if (html === undefined) {
      const response = await fetch(`${section.dataset.fragment}?productVariantId=${id}`).catch(() => null);
      if (!response?.ok) return;
      html = await response.text();
    }
    const fresh = new DOMParser().parseFromString(html, "text/html").querySelector(".customer-reference");
    if (fresh) section.replaceChildren(...fresh.childNodes);
  });
}

async function save(section: HTMLElement, form: HTMLFormElement): Promise<void> {
  const data = new FormData(form);
  const status = form.querySelector<HTMLElement>("[data-reference-status]");
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  if (button) button.disabled = true;
  try {
    const result = await saveReference(Number(data.get("ProductVariantId")), String(data.get("Reference") ?? ""));
    if (result.Status !== "Success") throw new Error(result.Message);
    if (status) status.textContent = result.Message;
  } catch (error) {
    // 401 already opened the login; anything else is this spec's reference error, in a modal that leaves.
    if ((error as { status?: number }).status === 401) return;
    const text = Object.assign(document.createElement("p"), { textContent: section.dataset.errorMessage ?? "" });
    text.setAttribute("role", "alert");
    openModal(text, { size: "sm" });
    setTimeout(closeModal, Number(section.dataset.errorExitMs) || 3000);
  } finally {
    if (button) button.disabled = false;
  }
}
