import type { APIRequestContext } from "@playwright/test";
import { expect, seriousViolations, test } from "../support/e2e";

type VariantAnswer = {
  ProductVariantViewModel: {
    ProductVariantId: number;
    SKU: string;
    HasDegressivePrices: boolean;
    LowestPrice30DaysTaxInclHtml?: string;
    UnitPriceTaxIncl: number;
  };
};

/** The first demo product whose default variant matches, with its page URL. */
async function findProduct(
  request: APIRequestContext,
  wanted: (v: VariantAnswer["ProductVariantViewModel"]) => boolean,
) {
  for (let id = 1; id <= 60; id++) {
    const answer = (await (
      await request.get(`/api/v1/catalog/products/${id}/productvariants?culture=fr`)
    ).json()) as VariantAnswer;
    if (!wanted(answer.ProductVariantViewModel)) continue;
    const [suggestion] = await (
      await request.get(`/api/v1/catalog/search/suggestions?q=${answer.ProductVariantViewModel.SKU}&culture=fr`)
    ).json();
    return { id, variant: answer.ProductVariantViewModel, url: suggestion.ProductUrl as string };
  }
  throw new Error("no such demo product");
}

test.describe("product page", () => {
  test("shows the Omnibus lowest price of a reduced product and its structured data", async ({ page, request }) => {
    const product = await findProduct(request, (v) => Boolean(v.LowestPrice30DaysTaxInclHtml));
    await page.goto(product.url);
    await expect(page.locator("[data-omnibus]")).toContainText(
      `Prix le plus bas des 30 jours précédant la réduction : ${product.variant.LowestPrice30DaysTaxInclHtml}`,
    );
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld).toMatchObject({
      "@type": "Product",
      sku: product.variant.SKU,
      offers: { "@type": "Offer", priceCurrency: "EUR", price: product.variant.UnitPriceTaxIncl.toFixed(2) },
    });
    expect(ld.image[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/.+\.jpg$/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("shows the degressive price table, also as a fragment", async ({ page, request }) => {
    const product = await findProduct(request, (v) => v.HasDegressivePrices);
    await page.goto(product.url);
    const rows = page.locator(".product [data-degressive-prices] tbody tr");
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    await expect(rows.first()).toContainText("À partir de 1");
    const fragment = await request.get(
      `/nl/widget/catalog/DegressivePrice?productVariantId=${product.variant.ProductVariantId}`,
    );
    expect(fragment.status()).toBe(200);
    const html = await fragment.text();
    expect(html).toContain("Staffelprijzen");
    expect(html).not.toContain("<html");
    expect((await request.get("/nl/widget/catalog/DegressivePrice?productVariantId=abc")).status()).toBe(400);
    expect((await request.get("/nl/widget/catalog/DegressivePrice?productVariantId=99999999")).status()).toBe(404);
  });

  test("opens the stock by warehouse in a modal", async ({ page, request }) => {
    const product = await findProduct(request, () => true);
    await page.goto(product.url);
    await page.waitForFunction(() => document.documentElement.classList.contains("swup-enabled"));
    await page.locator("[data-stock-link]").click();
    const modal = page.locator("dialog#shell-modal");
    await expect(modal.locator(".modal__title")).toHaveText("Stock par entrepôt");
    await expect(modal.locator("[data-warehouse-id]")).toHaveCount(4);
    const only = await request.get(
      `/fr/widget/catalog/StockByWarehouse?productId=${product.id}&productVariantId=${product.variant.ProductVariantId}&displayAllActiveWarehouses=false`,
    );
    const listed = ((await only.text()).match(/data-warehouse-id/g) ?? []).length;
    expect(listed).toBeLessThanOrEqual(4);
    expect(
      (
        await request.get(
          `/fr/widget/catalog/StockByWarehouse?productId=${product.id + 1}&productVariantId=${product.variant.ProductVariantId}`,
        )
      ).status(),
    ).toBe(404);
  });
});
