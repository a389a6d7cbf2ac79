import { map } from "nanostores";
import type { VariantChoice } from "../catalog";
import { fetchDegressiveTable, fetchVariant } from "../catalog.client";

/**
 * The chosen variant of each product on the page, by product id: the variation picker writes it, and
 * everything that follows the choice (price, photos of the chosen colour, add to cart) reads it.
 */
export const $variants = map<Record<string, VariantChoice>>({});
/** DOM event after a new choice is known (the photo gallery loads on it and follows the colour). */
export const VARIANT_CHANGED_EVENT = "variant:changed";

/** The degressive price table (our fragment's HTML) of each product's chosen variant; "" when it has none. */
export const $degressiveTables = map<Record<string, string>>({});

/** Products whose choice is being asked of the server. */
export const $variantsLoading = map<Record<string, boolean>>({});

const pending = new Map<number, AbortController>();

/** Seeds the store with the server-rendered choice, so readers agree before any change. */
export function knowVariant(choice: VariantChoice): void {
  const key = String(choice.ProductVariantViewModel.ProductId);
  if (!$variants.get()[key]) $variants.setKey(key, choice);
}

/**
 * Asks the server for the variant of the chosen values and quantity; a newer choice cancels an older
 * one still on its way, so the last click wins.
 */
export async function chooseVariant(productId: number, choice: URLSearchParams): Promise<VariantChoice | null> {
  pending.get(productId)?.abort();
  const controller = new AbortController();
  pending.set(productId, controller);
  $variantsLoading.setKey(String(productId), true);
  try {
    const answer = await fetchVariant(productId, choice, controller.signal);
    if (controller.signal.aborted) return null;
    $variants.setKey(String(productId), answer);
    document.dispatchEvent(new CustomEvent(VARIANT_CHANGED_EVENT, { detail: answer }));
    const variant = answer.ProductVariantViewModel;
    $degressiveTables.setKey(
      String(productId),
      variant.HasDegressivePrices ? await fetchDegressiveTable(variant.ProductVariantId).catch(() => "") : "",
    );
    return answer;
  } catch (error) {
    if (controller.signal.aborted) return null;
    throw error;
  } finally {
    if (pending.get(productId) === controller) {
      pending.delete(productId);
      $variantsLoading.setKey(String(productId), false);
    }
  }
}

/** Query of a choice as the product page's GET form and the API both read it. */
export function choiceParams(
  values: readonly (number | null)[],
  quantity: string,
  lastChanged?: number,
): URLSearchParams {
  const params = new URLSearchParams();
  values.forEach((value, index) => {
    if (value !== null) params.set(`VariantValueId${index + 1}`, String(value));
  });
  if (quantity) params.set("Quantity", quantity);
  if (lastChanged !== undefined) params.set("LastChangedValueId", String(lastChanged));
  return params;
}

/** Keeps the choice in the address bar, so a reload or a shared link shows the same variant. */
export function rememberChoice(choice: URLSearchParams): void {
  const url = new URL(window.location.href);
  for (const [key, value] of choice) url.searchParams.set(key, value);
  history.replaceState(history.state, "", url);
}

declare global {
  interface DocumentEventMap {
    "variant:changed": CustomEvent<VariantChoice>;
  }
}
