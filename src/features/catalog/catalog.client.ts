import { endpointClient } from "~/shell/request";
import type * as catalogEndpoints from "./catalog.endpoints";
import type * as referenceEndpoints from "./references/customer-reference.endpoints";

const call = endpointClient<typeof catalogEndpoints>();
const references = endpointClient<typeof referenceEndpoints>();

/** The variant for the chosen values (VariantValueId1..n, Quantity, LastChangedValueId). */
export function fetchVariant(productId: number, choice: URLSearchParams, signal?: AbortSignal) {
  return call(
    "GET /catalog/products/:productId/productvariants",
    { params: { productId }, query: Object.fromEntries(choice) },
    { init: { signal } },
  );
}

export function fetchSuggestions(q: string, limit: number, signal?: AbortSignal) {
  // Suggestions are a help: a refused or throttled request leaves the plain search form, no dialog.
  return call(
    "GET /catalog/search/suggestions",
    { query: { q, nbrResults: limit, accuracy: 0.3 } },
    { handled: [400, 429, 503], init: { signal } },
  );
}

/** A business customer's products found by their own reference (first page). */
export function searchReferences(q: string, signal?: AbortSignal) {
  return references("GET /catalog/customerref/search", { query: { q, page: 1 } }, { handled: [400], init: { signal } });
}

/** Sets (or with an empty text, removes) the customer's reference for a variant. */
export function saveReference(ProductVariantId: number, Reference: string) {
  return references(
    "POST /catalog/customerref",
    { body: { ProductVariantId, Reference } },
    { handled: [400, 403, 404, 422] },
  );
}

/** The degressive price table of a variant, as our fragment's HTML in the page's language. */
export async function fetchDegressiveTable(variantId: number): Promise<string> {
  const response = await fetch(
    `/${document.documentElement.lang}/widget/catalog/DegressivePrice?productVariantId=${variantId}`,
  );
  return response.ok ? response.text() : "";
}
