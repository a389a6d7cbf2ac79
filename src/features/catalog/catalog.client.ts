import { requestJson } from "../../shell/request";
import type { VariantChoice } from "./catalog";
import type { Suggestion } from "./search";

/** The variant for the chosen values (VariantValueId1..n, Quantity, LastChangedValueId). */
export function fetchVariant(productId: number, choice: URLSearchParams, signal?: AbortSignal): Promise<VariantChoice> {
  return requestJson<VariantChoice>(`/api/v1/catalog/products/${productId}/productvariants?${choice}`, { signal });
}

export function fetchSuggestions(q: string, limit: number, signal?: AbortSignal): Promise<Suggestion[]> {
  const query = new URLSearchParams({ q, nbrResults: String(limit), accuracy: "0.3" });
  // Suggestions are a help: a refused or throttled request leaves the plain search form, no dialog.
  return requestJson<Suggestion[]>(
    `/api/v1/catalog/search/suggestions?${query}`,
    { signal },
    { handled: [400, 429, 503] },
  );
}

/** The degressive price table of a variant, as our fragment's HTML in the page's language. */
export async function fetchDegressiveTable(variantId: number): Promise<string> {
  const response = await fetch(
    `/${document.documentElement.lang}/widget/catalog/DegressivePrice?productVariantId=${variantId}`,
  );
  return response.ok ? response.text() : "";
}
