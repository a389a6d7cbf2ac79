import { experimental_AstroContainer } from "astro/container";
import { describe, expect, it } from "vitest";
import type { PricedCard } from "~/features/catalog/catalog.server";
import { translator } from "~/lib/i18n";
import ProductCardMarkup from "./ProductCardMarkup.astro";

const card: PricedCard = {
  id: 7,
  defaultVariantId: 70,
  defaultSku: "SCARF-GREY",
  defaultMinQuantity: 1,
  hasVariations: false,
  name: "Écharpe en laine",
  slug: "echarpe-en-laine-7",
  brand: "Maison Lin",
  category: "Écharpes",
  priceTaxExcl: 2990,
  priceTaxIncl: 3618,
  priceVaries: false,
  image: null,
  inStock: true,
};

async function render(props: { card: PricedCard }) {
  const container = await experimental_AstroContainer.create();
  return container.renderToString(ProductCardMarkup, {
    props: { eager: false, priority: false, index: 0, quickView: false, returnUrl: "/fr/c/echarpes", ...props },
    locals: {
      culture: "fr",
      t: translator("fr"),
      session: { id: null, customerId: null, data: {} },
      requestId: "test",
      flash: null,
    },
    request: new Request("http://127.0.0.1/fr/c/echarpes"),
  });
}

describe("a product card", () => {
  it("keeps a photo's square for a product without one (a merchant's catalogue before its photos)", async () => {
    const html = await render({ card });
    expect(html).toMatch(
      /<a href="\/fr\/p\/echarpe-en-laine-7" data-select-item[^>]*>\s*<span class="photo-none" aria-hidden="true"><\/span>/,
    );
    expect(html).not.toContain("<picture");
    const withPhoto = await render({
      card: { ...card, image: { guid: "0f8fad5b-d9cb-469f-a165-70867728950e", alt: "" } },
    });
    expect(withPhoto).toContain("<picture");
    expect(withPhoto).not.toContain("photo-none");
  });
});
