import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setVatRegistry, viesRegistry } from "~/features/pricing/vat-registry.server";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { billingAddress, countryId, simpleVariant } from "../../../tests/support/checkout";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { withSettings } from "../../../tests/support/providers";

const key = () => randomBytes(12).toString("hex");

async function cartWith(variantId: number, quantity: number) {
  const client = apiClient();
  const added = await client.call("POST", "/catalog/products/addtocart", {
    ProductVariantId: variantId,
    Quantity: quantity,
  });
  expect(added.status).toBe(200);
  return client;
}

/** Cart line ids, newest first (each test's own line is the newest). */
async function lineIds() {
  return (
    await db().selectFrom("cart_lines").select(["id", "quantity", "cart_id"]).orderBy("id", "desc").execute()
  ).map((r) => r.id);
}

describe.each(DIALECTS)("cart page API on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 40 });
  });
  afterAll(async () => {
    await database.close();
  });

  it("changes a line's quantity under the rules and the stock, and removes it", async () => {
    const variant = await simpleVariant(4);
    const client = await cartWith(variant.id, 1);
    const [lineId] = await lineIds();
    const changed = await client.call("PUT", `/shoppingcarts/shoppingcartitems/${lineId}`, { Quantity: 3 });
    expect(changed.status).toBe(200);
    expect((await changed.json()).ItemsCount).toBe(3);
    const tooMany = await client.call("PUT", `/shoppingcarts/shoppingcartitems/${lineId}`, {
      Quantity: variant.units + 1,
    });
    expect(tooMany.status).toBe(409);
    expect((await tooMany.json()).Code).toBe("InsufficientStock");
    const removed = await client.call("DELETE", `/shoppingcarts/shoppingcartitems/${lineId}`);
    expect((await removed.json()).ItemsCount).toBe(0);
    expect(
      await db()
        .selectFrom("cart_lines")
        .select("id")
        .where("id", "=", lineId as number)
        .execute(),
    ).toEqual([]);
  });

  it("answers 404 for another shopper's line and leaves it alone", async () => {
    const variant = await simpleVariant(2);
    await cartWith(variant.id, 2);
    const [lineId] = await lineIds();
    const stranger = await cartWith(variant.id, 1);
    for (const [method, body] of [
      ["PUT", { Quantity: 1 }],
      ["DELETE", undefined],
    ] as const) {
      const response = await stranger.call(method, `/shoppingcarts/shoppingcartitems/${lineId}`, body);
      expect(response.status).toBe(404);
      expect((await response.json()).Code).toBe("CartItemNotFound");
    }
    const line = await db()
      .selectFrom("cart_lines")
      .select("quantity")
      .where("id", "=", lineId as number)
      .executeTakeFirst();
    expect(line?.quantity).toBe(2);
  });

  it("clears every line of a product", async () => {
    const variant = await simpleVariant(2);
    const client = await cartWith(variant.id, 2);
    const response = await client.call("DELETE", `/shoppingcarts/products/${variant.productId}`);
    expect((await response.json()).ItemsCount).toBe(0);
    expect((await client.call("DELETE", `/shoppingcarts/products/${variant.productId}`)).status).toBe(404);
  });

  it("prices shipping per country and changes VAT with the shipping country", async () => {
    const variant = await simpleVariant(2);
    const client = await cartWith(variant.id, 1);
    const be = await (await client.call("POST", "/shoppingcarts/shippingcountries", { CountryCode: "BE" })).json();
    const ch = await client.call("POST", "/shoppingcarts/shippingcountries", { CountryCode: "ch" });
    expect(ch.status).toBe(200);
    const chSummary = await ch.json();
    // Switzerland: no VAT, so tax included equals tax excluded; shipping costs more than in Belgium.
    expect(chSummary.AmountTaxInclHtml).toBe(chSummary.AmountTaxExclHtml);
    expect(be.AmountTaxInclHtml).not.toBe(be.AmountTaxExclHtml);
    expect((await client.call("POST", "/shoppingcarts/shippingcountries", { CountryCode: "US" })).status).toBe(404);
    // Relay points are offered in Belgium only, not in Switzerland.
    const refused = await client.call("POST", "/shoppingcarts/shippingmethods", { ShippingMethodId: 2 });
    expect(refused.status).toBe(422);
    expect((await refused.json()).Code).toBe("ShippingMethodUnavailable");
    await client.call("POST", "/shoppingcarts/country", {
      ShippingCountryId: await countryId("BE"),
      BillingCountryId: await countryId("BE"),
    });
    expect((await client.call("POST", "/shoppingcarts/shippingmethods", { ShippingMethodId: 2 })).status).toBe(200);
    const cart = await db().selectFrom("carts").select(["shipping_method_id"]).orderBy("id", "desc").executeTakeFirst();
    expect(cart?.shipping_method_id).toBe(2);
  });

  it("without the One-Stop Shop, a French consumer's cart pays Belgian VAT (issue 72)", async () => {
    const variant = await simpleVariant(2);
    const client = await cartWith(variant.id, 1);
    const vat = async () => {
      const summary = await (
        await client.call("POST", "/shoppingcarts/shippingcountries", { CountryCode: "FR" })
      ).json();
      const cart = await db().selectFrom("carts").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
      return { summary, cart: cart.id };
    };
    const withOss = await vat();
    const restore = withSettings({ VAT_OSS: "false" });
    try {
      const without = await vat();
      expect(without.summary.AmountTaxExclHtml).toBeTruthy();
      expect(without.summary.AmountTaxExclHtml).toBe(withOss.summary.AmountTaxExclHtml);
      // 21 % instead of France's 20 %: more tax included on the same amount.
      expect(without.summary.AmountTaxInclHtml).not.toBe(withOss.summary.AmountTaxInclHtml);
    } finally {
      restore();
    }
    expect((await vat()).summary.AmountTaxInclHtml).toBe(withOss.summary.AmountTaxInclHtml);
  });

  it("suggests cities from 4 characters and keeps the chosen postal code", async () => {
    const client = await cartWith((await simpleVariant(1)).id, 1);
    const be = await countryId("BE");
    expect(await (await client.call("GET", `/countries/${be}/cities/100`)).json()).toEqual({});
    const map = await (await client.call("GET", `/countries/${be}/cities/1000`)).json();
    expect(map["1000"]).toMatch(/Bruxelles|Brussel/);
    const byName = await (await client.call("GET", "/countries/NL/cities/Rotter")).json();
    expect(Object.values(byName)).toContain("Rotterdam");
    expect(await (await client.call("GET", `/countries/${be}/cities/zzzz`)).json()).toEqual({});
    expect((await client.call("POST", "/shoppingcarts/city/", { CityId: "1000" })).status).toBe(200);
    expect((await client.call("POST", "/shoppingcarts/city/", { CityId: "3011" })).status).toBe(404);
  });
});

describe.each(DIALECTS)("coupons on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 40 });
  });
  afterAll(async () => {
    await database.close();
  });

  async function apply(client: ReturnType<typeof apiClient>, code: string) {
    const response = await client.call("POST", "/shoppingcarts/coupon", { CouponCode: code });
    expect(response.status).toBe(200);
    return { valid: await response.json(), problem: response.headers.get("Coupon-Problem") };
  }

  it("applies a valid percentage and lowers the total; refuses unknown, expired, future and others' codes", async () => {
    const client = await cartWith((await simpleVariant(2)).id, 2);
    const before = await (await client.call("GET", "/shoppingcarts")).json();
    expect(await apply(client, "nope")).toEqual({ valid: false, problem: "CouponUnknown" });
    expect(await apply(client, "HIVER2025")).toEqual({ valid: false, problem: "CouponExpired" });
    expect(await apply(client, "FUTUR")).toEqual({ valid: false, problem: "CouponNotYetValid" });
    expect(await apply(client, "MARIE-MERCI")).toEqual({ valid: false, problem: "CouponNotForYou" });
    expect(await apply(client, " bienvenue10 ")).toEqual({ valid: true, problem: null });
    const after = await (await client.call("GET", "/shoppingcarts")).json();
    expect(after.AmountTaxInclHtml).not.toBe(before.AmountTaxInclHtml);
    expect((await client.call("DELETE", "/shoppingcarts/coupon")).status).toBe(200);
    expect((await (await client.call("GET", "/shoppingcarts")).json()).AmountTaxInclHtml).toBe(
      before.AmountTaxInclHtml,
    );
    expect((await client.call("POST", "/shoppingcarts/coupon", { CouponCode: "  " })).status).toBe(400);
  });

  it("enforces the minimum amount and brand restrictions", async () => {
    const variant = await simpleVariant(1);
    const client = await cartWith(variant.id, 1);
    await db().updateTable("coupons").set({ min_amount_tax_incl: 100_000_00 }).where("code", "=", "CINQ").execute();
    expect((await apply(client, "CINQ")).problem).toBe("CouponMinimumNotReached");
    await db()
      .updateTable("coupons")
      .set({ brand_id: variant.brandId === 1 ? 2 : 1 })
      .where("code", "=", "MARQUE15")
      .execute();
    expect((await apply(client, "MARQUE15")).problem).toBe("CouponNotApplicable");
    await db().updateTable("coupons").set({ brand_id: variant.brandId }).where("code", "=", "MARQUE15").execute();
    expect((await apply(client, "MARQUE15")).valid).toBe(true);
  });

  it("lists a signed-in customer's coupons for their own id only", async () => {
    const client = apiClient();
    expect((await client.call("GET", "/couponcode/user/1")).status).toBe(401);
    await client.call("POST", "/security/login", { Email: "marie@vitrine.test", Password: "Vitrine-demo-1" });
    const marie = await db()
      .selectFrom("customers")
      .select("id")
      .where("email", "=", "marie@vitrine.test")
      .executeTakeFirstOrThrow();
    const own = await client.call("GET", `/couponcode/user/${marie.id}`);
    const codes = (await own.json()).map((c: { CouponCode: string }) => c.CouponCode);
    expect(codes).toContain("MARIE-MERCI");
    expect(codes).not.toContain("HIVER2025");
    expect((await client.call("GET", `/couponcode/user/${marie.id + 1}`)).status).toBe(404);
  });

  it("counts uses when the order is placed and refuses a used-up coupon at checkout", async () => {
    await db().updateTable("coupons").set({ max_uses: 1 }).where("code", "=", "PREMIERS100").execute();
    const first = await cartWith((await simpleVariant(2)).id, 1);
    const second = await cartWith((await simpleVariant(2, 1)).id, 1);
    expect((await apply(first, "PREMIERS100")).valid).toBe(true);
    expect((await apply(second, "PREMIERS100")).valid).toBe(true);
    const billing = await billingAddress();
    const order = (client: ReturnType<typeof apiClient>) =>
      client.call("POST", "/sales/orders", {
        IdempotencyKey: key(),
        Email: "guest@example.test",
        Billing: billing,
        ShippingSameAsBilling: true,
        AcceptTerms: true,
      });
    expect((await order(first)).status).toBe(200);
    const refused = await order(second);
    expect(refused.status).toBe(422);
    expect((await refused.json()).Code).toBe("CouponNotValid");
    const uses = await db().selectFrom("coupon_uses").select("order_id").execute();
    expect(uses).toHaveLength(1);
  });
});

describe.each(DIALECTS)("placing orders on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 40 });
  });
  afterAll(async () => {
    await database.close();
  });

  it("places a guest order priced by the server, takes the stock and empties the cart; the same key answers the same order", async () => {
    const variant = await simpleVariant(3);
    const client = await cartWith(variant.id, 2);
    const summary = await (await client.call("GET", "/shoppingcarts")).json();
    const body = {
      IdempotencyKey: key(),
      Email: "Guest@Example.test",
      Billing: await billingAddress(),
      ShippingSameAsBilling: "on",
      AcceptTerms: "on",
      TotalTaxIncl: 1,
    };
    const response = await client.call("POST", "/sales/orders", body);
    expect(response.status).toBe(200);
    const placed = await response.json();
    expect(placed.OrderNumber).toMatch(/^VT-/);
    expect(placed.PaymentUrl).toBe(`/fr/sales/order/${placed.OrderNumber}/payment`);
    const order = await db()
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", placed.OrderId)
      .executeTakeFirstOrThrow();
    expect(order.email).toBe("guest@example.test");
    expect(order.status).toBe("AwaitingPayment");
    expect(order.total_tax_incl).toBe(placed.TotalTaxIncl);
    expect(order.total_tax_incl).toBeGreaterThan(100);
    expect(summary.ItemsCount).toBe(2);
    const stock = await db()
      .selectFrom("stock")
      .select((eb) => eb.fn.sum<number | string>("quantity").as("units"))
      .where("variant_id", "=", variant.id)
      .executeTakeFirst();
    expect(Number(stock?.units)).toBe(variant.units - 2);
    expect((await (await client.call("GET", "/shoppingcarts")).json()).ItemsCount).toBe(0);
    const again = await client.call("POST", "/sales/orders", body);
    expect((await again.json()).OrderId).toBe(placed.OrderId);
    const stranger = await cartWith(variant.id, 1);
    expect((await stranger.call("POST", "/sales/orders", body)).status).toBe(409);
  });

  it("refuses bad checkouts with clear field errors and writes nothing", async () => {
    const client = await cartWith((await simpleVariant(1)).id, 1);
    const ordersBefore = (await db().selectFrom("orders").select("id").execute()).length;
    const missing = await client.call("POST", "/sales/orders", { IdempotencyKey: key(), AcceptTerms: true });
    expect(missing.status).toBe(400);
    expect(Object.keys((await missing.json()).Errors)).toContain("Billing");
    const noTerms = await client.call("POST", "/sales/orders", {
      IdempotencyKey: key(),
      Email: "a@b.test",
      Billing: await billingAddress(),
    });
    expect((await noTerms.json()).Errors).toHaveProperty("AcceptTerms");
    const empty = apiClient();
    const nothing = await empty.call("POST", "/sales/orders", {
      IdempotencyKey: key(),
      Email: "a@b.test",
      Billing: await billingAddress(),
      AcceptTerms: true,
    });
    expect(nothing.status).toBe(409);
    expect((await nothing.json()).Code).toBe("CartEmpty");
    expect(await db().selectFrom("orders").select("id").execute()).toHaveLength(ordersBefore);
  });

  it("requires a pickup point for a pickup method, and a home address in the shipping country", async () => {
    const client = await cartWith((await simpleVariant(1)).id, 1);
    await client.call("POST", "/shoppingcarts/shippingmethods", { ShippingMethodId: 3 });
    const body = { IdempotencyKey: key(), Email: "a@b.test", Billing: await billingAddress(), AcceptTerms: true };
    const noPoint = await client.call("POST", "/sales/orders", body);
    expect(noPoint.status).toBe(422);
    expect((await noPoint.json()).Code).toBe("PickupPointRequired");
    await client.call("POST", "/shoppingcarts/shippingmethods", { ShippingMethodId: 1 });
    const abroad = await client.call("POST", "/sales/orders", { ...body, Billing: await billingAddress("NL") });
    expect((await abroad.json()).Code).toBe("ShippingCountryMismatch");
  });

  it("sells the last unit once when 50 shoppers check out at the same moment", async () => {
    const variant = await simpleVariant(1, 5);
    await db().updateTable("stock").set({ quantity: 0 }).where("variant_id", "=", variant.id).execute();
    const warehouse = await db().selectFrom("warehouses").select("id").orderBy("id").executeTakeFirstOrThrow();
    await db()
      .updateTable("stock")
      .set({ quantity: 1 })
      .where("variant_id", "=", variant.id)
      .where("warehouse_id", "=", warehouse.id)
      .execute();
    const lastOrder = await db().selectFrom("orders").select("id").orderBy("id", "desc").executeTakeFirst();
    const shoppers = [];
    for (let i = 0; i < 50; i++) shoppers.push(await cartWith(variant.id, 1));
    const billing = await billingAddress();
    const responses = await Promise.all(
      shoppers.map((client, i) =>
        client.call("POST", "/sales/orders", {
          IdempotencyKey: key(),
          Email: `shopper${i}@example.test`,
          Billing: billing,
          AcceptTerms: true,
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const orders = await db()
      .selectFrom("order_lines")
      .select("order_id")
      .where("variant_id", "=", variant.id)
      .where("order_id", ">", lastOrder?.id ?? 0)
      .execute();
    expect(orders).toHaveLength(1);
    const stock = await db().selectFrom("stock").select("quantity").where("variant_id", "=", variant.id).execute();
    expect(stock.every((s) => s.quantity === 0)).toBe(true);
  });

  it("answers the one order to 20 overlapping submits of the same idempotency key", async () => {
    const variant = await simpleVariant(3, 5);
    const client = await cartWith(variant.id, 1);
    const body = {
      IdempotencyKey: key(),
      Email: "twin@example.test",
      Billing: await billingAddress(),
      AcceptTerms: true,
    };
    // Spread over the first one's transaction, as double clicks and retries arrive: some look before it
    // commits, some while it commits, some after.
    const responses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 4));
        return client.call("POST", "/sales/orders", body);
      }),
    );
    const answers = await Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.json() })));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const numbers = new Set(answers.map((a) => a.body.OrderNumber ?? a.body.Number ?? JSON.stringify(a.body)));
    expect(numbers.size).toBe(1);
    const orders = await db()
      .selectFrom("orders")
      .select("id")
      .where("idempotency_key", "=", body.IdempotencyKey)
      .execute();
    expect(orders).toHaveLength(1);
  });

  it("serves concurrent orders from several warehouses without a deadlock or a lost unit", async () => {
    // Equal stock in two warehouses: each order takes from the fuller one, so the fullest changes
    // between orders; locking rows in that order made two orders wait for each other on PostgreSQL.
    const rows = await db()
      .selectFrom("stock")
      .select(["variant_id", (eb) => eb.fn.countAll<number | string>().as("warehouses")])
      .groupBy("variant_id")
      .having((eb) => eb.fn.countAll(), ">=", 2)
      .orderBy("variant_id", "desc")
      .execute();
    const variantId = rows[0]?.variant_id as number;
    expect(variantId).toBeTruthy();
    await db().updateTable("stock").set({ quantity: 15 }).where("variant_id", "=", variantId).execute();
    const before = await db().selectFrom("stock").select("quantity").where("variant_id", "=", variantId).execute();
    const total = before.reduce((sum, r) => sum + r.quantity, 0);
    const shoppers = [];
    for (let i = 0; i < 24; i++) shoppers.push(await cartWith(variantId, 1));
    const billing = await billingAddress();
    const responses = await Promise.all(
      shoppers.map((client, i) =>
        client.call("POST", "/sales/orders", {
          IdempotencyKey: key(),
          Email: `many${i}@example.test`,
          Billing: billing,
          AcceptTerms: true,
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    const after = await db().selectFrom("stock").select("quantity").where("variant_id", "=", variantId).execute();
    expect(after.reduce((sum, r) => sum + r.quantity, 0)).toBe(total - 24);
    expect(after.every((r) => r.quantity >= 0)).toBe(true);
  });

  it("re-adds an item of one's own order and not of another's", async () => {
    const variant = await simpleVariant(4, 2);
    const client = apiClient();
    await client.call("POST", "/security/login", { Email: "lucia@vitrine.test", Password: "Vitrine-demo-3" });
    await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    const placed = await (
      await client.call("POST", "/sales/orders", {
        IdempotencyKey: key(),
        Billing: await billingAddress(),
        AcceptTerms: true,
      })
    ).json();
    const line = await db()
      .selectFrom("order_lines")
      .select("id")
      .where("order_id", "=", placed.OrderId)
      .executeTakeFirstOrThrow();
    const readd = await client.call("PUT", "/sales/orders/addtocart", {
      OrderId: placed.OrderId,
      OrderLineId: line.id,
    });
    expect(readd.status).toBe(200);
    expect((await readd.json()).Cart.ItemsCount).toBe(1);
    const stranger = await cartWith(variant.id, 1);
    const refused = await stranger.call("PUT", "/sales/orders/addtocart", {
      OrderId: placed.OrderId,
      OrderLineId: line.id,
    });
    expect(refused.status).toBe(404);
  });
});

describe.each(DIALECTS)("VAT check and reverse charge on %s", (dialect) => {
  let database: TestDatabase;
  let vies: Server;
  let viesAnswer: "valid" | "invalid" | "down" | "slow" = "valid";
  const asked: unknown[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 40 });
    // A local server standing in for the EU VIES REST service.
    vies = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        asked.push({ path: request.url, body: JSON.parse(body || "{}") });
        if (viesAnswer === "down") response.writeHead(503).end();
        else if (viesAnswer === "slow") setTimeout(() => response.end("{}"), 2000);
        else {
          response.writeHead(200, { "Content-Type": "application/json" });
          response.end(JSON.stringify({ valid: viesAnswer === "valid" }));
        }
      });
    });
    await new Promise<void>((resolve) => vies.listen(0, "127.0.0.1", resolve));
    const { port } = vies.address() as AddressInfo;
    setVatRegistry(viesRegistry(`http://127.0.0.1:${port}/vies/rest-api`, 500));
  });
  afterAll(async () => {
    setVatRegistry(undefined);
    vies.close();
    await database.close();
  });

  it("answers false for a malformed number without asking VIES, and what VIES says otherwise", async () => {
    const client = await cartWith((await simpleVariant(1)).id, 1);
    const de = await countryId("DE");
    const check = async (vat: string) =>
      (
        await client.call("GET", `/sales/customers/checkisvatvalid/?countryId=${de}&VAT=${encodeURIComponent(vat)}`)
      ).json();
    asked.length = 0;
    expect((await check("DE123")).IsVATValidWebService).toBe(false);
    expect(asked).toHaveLength(0);
    viesAnswer = "valid";
    expect(await check("DE 136 695 976")).toEqual({ IsVATValidWebService: true, ErrorMessage: null });
    expect(asked).toEqual([
      { path: "/vies/rest-api/check-vat-number", body: { countryCode: "DE", vatNumber: "136695976" } },
    ]);
    viesAnswer = "invalid";
    expect((await check("DE136695976")).IsVATValidWebService).toBe(false);
    viesAnswer = "down";
    expect((await check("DE136695976")).IsVATValidWebService).toBeNull();
    viesAnswer = "slow";
    const started = Date.now();
    expect((await check("DE136695976")).IsVATValidWebService).toBeNull();
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("bills a confirmed German business without VAT and keeps VAT for an unconfirmed one", async () => {
    const variant = await simpleVariant(2, 3);
    const client = await cartWith(variant.id, 1);
    const be = await countryId("BE");
    const de = await countryId("DE");
    await client.call("POST", "/shoppingcarts/country", { ShippingCountryId: be, BillingCountryId: de });
    const withVat = await (await client.call("GET", "/shoppingcarts")).json();
    expect(withVat.AmountTaxInclHtml).not.toBe(withVat.AmountTaxExclHtml);
    viesAnswer = "valid";
    await client.call("GET", `/sales/customers/checkisvatvalid/?countryId=${de}&VAT=DE136695976`);
    const reverse = await (await client.call("GET", "/shoppingcarts")).json();
    expect(reverse.AmountTaxInclHtml).toBe(reverse.AmountTaxExclHtml);
    // The number was confirmed for Germany: an invoice addressed to Belgium cannot be reverse charged.
    const elsewhere = await client.call("POST", "/sales/orders", {
      IdempotencyKey: key(),
      Email: "buyer@firma.test",
      Billing: await billingAddress("BE"),
      AcceptTerms: true,
    });
    expect(elsewhere.status).toBe(422);
    const refusal = await elsewhere.json();
    expect(refusal.Code).toBe("BillingCountryMismatch");
    expect(refusal.Errors["Billing.CountryId"]).toHaveLength(1);
    const placed = await (
      await client.call("POST", "/sales/orders", {
        IdempotencyKey: key(),
        Email: "buyer@firma.test",
        Billing: { ...(await billingAddress("DE")), PostalCode: "10115", City: "Berlin" },
        Shipping: await billingAddress("BE"),
        AcceptTerms: true,
      })
    ).json();
    const order = await db()
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", placed.OrderId)
      .executeTakeFirstOrThrow();
    expect(order.reverse_charge).toBe(1);
    expect(order.vat_amount).toBe(0);
    expect(order.vat_number).toBe("DE136695976");
  });

  it("does not let a shopper check VAT for another customer's id", async () => {
    const client = apiClient();
    const response = await client.call(
      "GET",
      "/sales/customers/checkisvatvalid/?countryId=1&VAT=BE0403019261&customerId=2",
    );
    expect(response.status).toBe(404);
  });
});
