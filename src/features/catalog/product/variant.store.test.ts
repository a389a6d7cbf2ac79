import { cleanStores } from "nanostores";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { VariantChoice } from "../catalog";
import { $variants, $variantsLoading, choiceParams, chooseVariant, knowVariant } from "./variant.store";

const choice = (productId: number, variantId: number) =>
  ({
    ProductVariantViewModel: { ProductId: productId, ProductVariantId: variantId, HasDegressivePrices: false },
  }) as VariantChoice;

/** fetch answering each variant request after `delay` ms, aborting like the browser when asked. */
function fakeApi(answers: Record<string, { body: VariantChoice; delay: number }>) {
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    const key = Object.keys(answers).find((k) => url.includes(k)) as string;
    const { body, delay } = answers[key] as { body: VariantChoice; delay: number };
    return new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(() => resolve(new Response(JSON.stringify(body), { status: 200 })), delay);
      init.signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(new DOMException("aborted", "AbortError"));
      });
    });
  });
  vi.stubGlobal("fetch", fetch);
  const document = Object.assign(new EventTarget(), { documentElement: { lang: "fr" } });
  vi.stubGlobal("document", document);
  return { fetch, document };
}

describe("$variants and chooseVariant", () => {
  afterEach(() => {
    cleanStores($variants, $variantsLoading);
    $variants.set({});
    vi.unstubAllGlobals();
  });

  it("keeps the server's first choice until a real change", () => {
    knowVariant(choice(7, 70));
    knowVariant(choice(7, 71));
    expect($variants.get()["7"]?.ProductVariantViewModel.ProductVariantId).toBe(70);
  });

  it("lets the last click win: an older answer still on its way is dropped", async () => {
    const { document } = fakeApi({
      "VariantValueId1=1": { body: choice(7, 71), delay: 40 },
      "VariantValueId1=2": { body: choice(7, 72), delay: 5 },
    });
    const heard: number[] = [];
    document.addEventListener("variant:changed", (event) =>
      heard.push((event as CustomEvent<VariantChoice>).detail.ProductVariantViewModel.ProductVariantId),
    );
    const first = chooseVariant(7, choiceParams([1], "1"));
    expect($variantsLoading.get()["7"]).toBe(true);
    const second = chooseVariant(7, choiceParams([2], "1"));
    expect(await first).toBeNull();
    expect((await second)?.ProductVariantViewModel.ProductVariantId).toBe(72);
    expect($variants.get()["7"]?.ProductVariantViewModel.ProductVariantId).toBe(72);
    expect(heard).toEqual([72]);
    expect($variantsLoading.get()["7"]).toBe(false);
  });

  it("writes a choice as the product form and the API read it", () => {
    expect(choiceParams([3, null, 9], "2", 9).toString()).toBe(
      "VariantValueId1=3&VariantValueId3=9&Quantity=2&LastChangedValueId=9",
    );
  });
});
