import { experimental_AstroContainer } from "astro/container";
import { describe, expect, it } from "vitest";
import { translator } from "~/lib/i18n";
import OrderSummary from "./OrderSummary.astro";
import type { OrderLineRow, OrderRow } from "./orders.repository";

/** Two lines at 21 %, a 10 % coupon, shipping 4.95 tax excluded: as the checkout priced it. */
const order = {
  id: 1,
  number: "VT-0000000001",
  discount_tax_excl: 400,
  discount_tax_incl: 484,
  shipping_tax_excl: 495,
  shipping_tax_incl: 599,
  vat_amount: 860,
  total_tax_incl: 4955,
  reverse_charge: 0,
  shipping_address: JSON.stringify({ method: "bpost", kind: "home", address: { FirstName: "Léa" } }),
} as unknown as OrderRow;
const lines = [
  {
    id: 1,
    name: "T-shirt",
    sku: "TS-M",
    quantity: 2,
    unit_tax_excl: 1500,
    line_tax_excl: 3000,
    vat_rate_basis_points: 2100,
  },
  {
    id: 2,
    name: "Bonnet",
    sku: "HAT",
    quantity: 1,
    unit_tax_excl: 1000,
    line_tax_excl: 1000,
    vat_rate_basis_points: 2100,
  },
] as unknown as OrderLineRow[];

async function render(row: OrderRow) {
  const container = await experimental_AstroContainer.create();
  return container.renderToString(OrderSummary, {
    props: { order: row, lines },
    locals: {
      culture: "fr",
      t: translator("fr"),
      session: { id: null, customerId: null, data: {} },
      requestId: "t",
      flash: null,
    },
    request: new Request("http://127.0.0.1/fr/sales/order/VT-0000000001/confirmation"),
  });
}

const amount = (html: string, mark: string) =>
  new RegExp(`${mark}(?:\\s[^>]*)?>([^<]*)<`).exec(html)?.[1]?.replace(/\s/g, " ").trim();

describe("an order's summary", () => {
  it("adds up as the checkout did: subtotal, discount and shipping tax included make the total", async () => {
    const html = await render(order);
    expect(amount(html, "data-order-subtotal")).toBe("48,40 €");
    expect(amount(html, "data-order-discount")).toBe("−4,84 €");
    expect(amount(html, "data-order-shipping")).toBe("5,99 €");
    expect(amount(html, "data-order-total")).toBe("49,55 €");
    expect(4840 - 484 + 599).toBe(order.total_tax_incl);
    expect(html).not.toContain("HTVA");
  });

  it("says tax excluded where an order placed before did not keep them tax included", async () => {
    const html = await render({ ...order, discount_tax_incl: null, shipping_tax_incl: null } as OrderRow);
    expect(amount(html, "data-order-discount")).toBe("−4,00 € HTVA");
    expect(amount(html, "data-order-shipping")).toBe("4,95 € HTVA");
  });
});
