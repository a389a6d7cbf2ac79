import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { simpleVariant } from "../../../tests/support/checkout";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { paidOrder, placeOrder } from "../../../tests/support/orders";
import { refundFromForm } from "./refund-request";
import { refundLineAmount, refundTotals, unitTaxIncl } from "./refunds";

async function signedIn(email: string, password: string) {
  const client = apiClient("203.0.113.60");
  expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
  return client;
}
const marie = () => signedIn("marie@vitrine.test", "Vitrine-demo-1");
const jan = () => signedIn("jan@vitrine.test", "Vitrine-demo-2");

describe("refund amounts", () => {
  it("are the unit price including tax times the quantity, and add up to the totals", () => {
    const unit = unitTaxIncl({ unit_tax_excl: 1239, vat_rate_basis_points: 2100 });
    expect(unit).toBe(1499);
    expect(refundLineAmount(unit, 3)).toBe(4497);
    expect(
      refundTotals([
        { unitTaxIncl: unit, quantity: 3 },
        { unitTaxIncl: 1000, quantity: 0 },
      ]),
    ).toEqual({ items: 3, amount: 4497 });
    expect(refundFromForm("VT-0123456789", { "Quantity-4": "2", "Quantity-5": "", Method: "Original" })).toEqual({
      "Quantity-4": "2",
      "Quantity-5": "",
      Method: "Original",
      OrderNumber: "VT-0123456789",
      Lines: [
        { OrderLineId: "4", Quantity: "2" },
        { OrderLineId: "5", Quantity: "0" },
      ],
    });
  });
});

describe.each(DIALECTS)("refund requests on %s", (dialect) => {
  useTestDatabase(dialect, { products: 20 });
  beforeEach(async () => {
    await db().deleteFrom("cart_lines").execute();
  });

  it("stores a request with the order's prices, mails the shop and lists it with its status", async () => {
    const client = await marie();
    const order = await paidOrder(client, [2, 1]);
    const [first, second] = order.lines;
    const response = await client.call("POST", "/sales/refunds", {
      OrderNumber: order.number,
      Lines: [
        { OrderLineId: first?.id, Quantity: 2 },
        { OrderLineId: second?.id, Quantity: 0 },
      ],
      Method: "Original",
      Reason: "Trop grand",
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { Items: number; Amount: number; Status: string };
    const unit = unitTaxIncl(first as { unit_tax_excl: number; vat_rate_basis_points: number });
    expect(body).toMatchObject({ Items: 2, Amount: unit * 2, Status: "Requested" });
    const mail = await db()
      .selectFrom("mail_outbox")
      .selectAll()
      .where("to_address", "=", "shop@vitrine.test")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(order.number);
    expect(mail.body).toContain("Trop grand");
    const list = (await (await client.call("GET", "/sales/refunds")).json()) as {
      OrderNumber: string;
      Status: string;
    }[];
    expect(list[0]).toMatchObject({ OrderNumber: order.number, Status: "Requested" });
    // What was asked back cannot be asked again; the rest can.
    const again = await client.call("POST", "/sales/refunds", {
      OrderNumber: order.number,
      Lines: [{ OrderLineId: first?.id, Quantity: 1 }],
      Method: "Original",
    });
    expect(again.status).toBe(400);
    expect(
      (
        await client.call("POST", "/sales/refunds", {
          OrderNumber: order.number,
          Lines: [{ OrderLineId: second?.id, Quantity: 1 }],
          Method: "Original",
        })
      ).status,
    ).toBe(200);
  });

  it("asks a valid IBAN and a holder for a bank transfer", async () => {
    const client = await marie();
    const order = await paidOrder(client, [1]);
    const line = order.lines[0]?.id;
    const bad = await client.call("POST", "/sales/refunds", {
      OrderNumber: order.number,
      Lines: [{ OrderLineId: line, Quantity: 1 }],
      Method: "BankTransfer",
      Iban: "BE00 0000 0000 0000",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { Errors: object }).Errors).sort()).toEqual(["AccountHolder", "Iban"]);
    const ok = await client.call("POST", "/sales/refunds", {
      OrderNumber: order.number,
      Lines: [{ OrderLineId: line, Quantity: 1 }],
      Method: "BankTransfer",
      Iban: "be68 5390 0754 7034",
      AccountHolder: "Marie Dubois",
    });
    expect(ok.status).toBe(200);
    const row = await db()
      .selectFrom("refund_requests")
      .select(["iban", "method"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ iban: "BE68539007547034", method: "BankTransfer" });
  });

  it("asks back at most what was bought, even with requests sent at once", async () => {
    const client = await marie();
    const order = await paidOrder(client, [3]);
    const line = order.lines[0]?.id;
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        client.call("POST", "/sales/refunds", {
          OrderNumber: order.number,
          Lines: [{ OrderLineId: line, Quantity: 1 }],
          Method: "Original",
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 400]);
    const asked = await db()
      .selectFrom("refund_request_lines")
      .select((eb) => eb.fn.sum<number | string>("quantity").as("n"))
      .where("order_line_id", "=", line as number)
      .executeTakeFirstOrThrow();
    expect(Number(asked.n)).toBe(3);
  });

  it("refuses a request that names one line twice with 400 naming the line, and stores nothing", async () => {
    const client = await marie();
    const order = await paidOrder(client, [2]);
    const line = order.lines[0]?.id as number;
    const response = await client.call(
      "POST",
      "/sales/refunds",
      {
        OrderNumber: order.number,
        Lines: [
          { OrderLineId: line, Quantity: 1 },
          { OrderLineId: line, Quantity: 1 },
        ],
        Method: "Original",
      },
      { "X-Culture": "nl" },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      Code: "ValidationFailed",
      Errors: {
        [`Quantity-${line}`]: ["Dit artikel staat twee keer in het verzoek: geef de hoeveelheid maar één keer op."],
      },
    });
    const stored = await db()
      .selectFrom("refund_request_lines")
      .select("quantity")
      .where("order_line_id", "=", line)
      .execute();
    expect(stored).toEqual([]);
  });

  it("refuses another's order (404), a guest (401), an unpaid order (409) and an empty request (400)", async () => {
    const client = await marie();
    const order = await paidOrder(client, [1]);
    const line = order.lines[0]?.id;
    const body = { OrderNumber: order.number, Lines: [{ OrderLineId: line, Quantity: 1 }], Method: "Original" };
    expect((await (await jan()).call("POST", "/sales/refunds", body)).status).toBe(404);
    expect((await apiClient().call("POST", "/sales/refunds", body)).status).toBe(401);
    expect(
      (await client.call("POST", "/sales/refunds", { ...body, Lines: [{ OrderLineId: line, Quantity: 0 }] })).status,
    ).toBe(400);
    expect(
      (await client.call("POST", "/sales/refunds", { ...body, Lines: [{ OrderLineId: 999999, Quantity: 1 }] })).status,
    ).toBe(400);
    const variant = await simpleVariant(2);
    await client.call("POST", "/catalog/products/addtocart", { ProductVariantId: variant.id, Quantity: 1 });
    const unpaid = (await (await placeOrder(client)).json()) as { OrderNumber: string; OrderId: number };
    const unpaidLine = (
      await db().selectFrom("order_lines").select("id").where("order_id", "=", unpaid.OrderId).executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await client.call("POST", "/sales/refunds", {
          ...body,
          OrderNumber: unpaid.OrderNumber,
          Lines: [{ OrderLineId: unpaidLine, Quantity: 1 }],
        })
      ).status,
    ).toBe(409);
    expect((await apiClient().call("GET", "/sales/refunds")).status).toBe(401);
  });
});
