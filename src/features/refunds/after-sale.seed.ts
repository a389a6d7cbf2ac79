import type { Db } from "~/server/db/client";
import type { SeedContext } from "~/server/db/seed/seeder";
import { DAY } from "~/server/db/seed/seeder";
import { refundLineAmount, unitTaxIncl } from "./refunds";

const ADDRESS = {
  FirstName: "Marie",
  LastName: "Dubois",
  Company: null,
  Street1: "Rue de la Loi 16",
  Street2: null,
  PostalCode: "1000",
  City: "Bruxelles",
  Phone: null,
};

/** Marie's after-sale history for the demo: orders VT-DE40000001 (paid) and VT-DE40000002 (shipped). */
export async function seedAfterSale(ctx: SeedContext): Promise<void> {
  const marie = await ctx.handle.db
    .selectFrom("customers")
    .select(["id", "email"])
    .where("email", "=", "marie@vitrine.test")
    .executeTakeFirst();
  if (marie) await giveAfterSale(ctx.handle.db, marie, ctx.now, ["VT-DE40000001", "VT-DE40000002"]);
  // Orders paid and waiting for their parcel: the merchant's first shipments (issue 35).
  const jan = await ctx.handle.db
    .selectFrom("customers")
    .select(["id", "email"])
    .where("email", "=", "jan@vitrine.test")
    .executeTakeFirst();
  if (jan) await giveAfterSale(ctx.handle.db, jan, ctx.now, [], ["VT-DE40000003", "VT-DE40000004"]);
}

/**
 * Gives a customer an after-sale history: a paid order (the first number) with a refund request on part
 * of it, and a shipped order (the second), whose delivery address can no longer change. The browser tests
 * give it to a customer of their own, with numbers of their own.
 */
export async function giveAfterSale(
  db: Db,
  customer: { id: number; email: string },
  now: Date,
  [paid, shipped]: [string, string] | [],
  readyToShip: string[] = [],
): Promise<void> {
  const be = await db.selectFrom("countries").select("id").where("code", "=", "BE").executeTakeFirst();
  const method = await db
    .selectFrom("shipping_methods")
    .select(["id", "code"])
    .where("kind", "=", "home")
    .orderBy("position")
    .executeTakeFirst();
  const rate = await db
    .selectFrom("vat_rates")
    .select("rate_basis_points")
    .where("country_id", "=", be?.id ?? 0)
    .where("vat_class", "=", "standard")
    .executeTakeFirst();
  if (!be || !method || !rate) return;
  const variants = await db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .innerJoin("product_translations as t", (j) => j.onRef("t.product_id", "=", "p.id").on("t.culture", "=", "fr"))
    .innerJoin("prices as pr", (j) => j.onRef("pr.variant_id", "=", "v.id").on("pr.min_quantity", "=", 1))
    .select(["v.id", "v.sku", "t.name", "pr.amount_tax_excl", "p.vat_class"])
    .where("p.is_active", "=", 1)
    .where("p.vat_class", "=", "standard")
    .orderBy("v.id")
    .limit(3)
    .execute();
  const [first, second, third] = variants;
  if (!first || !second || !third) return;
  const orders = [
    ...(paid && shipped
      ? ([
          {
            number: paid,
            status: "Paid",
            days: 12,
            lines: [
              [first, 2],
              [second, 1],
            ],
          },
          { number: shipped, status: "Shipped", days: 30, lines: [[third, 1]] },
        ] as const)
      : []),
    ...readyToShip.map(
      (number, i) =>
        ({
          number,
          status: "Paid",
          days: 1 + i,
          lines: [
            [second, 1 + i],
            [third, 1],
          ],
        }) as const,
    ),
  ];
  for (const spec of orders) {
    const created = new Date(now.getTime() - spec.days * DAY).toISOString();
    const lines = spec.lines.map(([v, quantity]) => ({
      variant_id: v.id,
      sku: v.sku,
      name: v.name,
      quantity,
      unit_tax_excl: v.amount_tax_excl,
      vat_rate_basis_points: rate.rate_basis_points,
      line_tax_excl: v.amount_tax_excl * quantity,
      prepaid_account_id: null,
    }));
    const items = lines.reduce((n, l) => n + l.line_tax_excl, 0);
    const total = lines.reduce((n, l) => n + refundLineAmount(unitTaxIncl(l), l.quantity), 0);
    const order = await db
      .insertInto("orders")
      .values({
        number: spec.number,
        idempotency_key: `seed-${spec.number}`,
        customer_id: customer.id,
        session_key: null,
        email: customer.email,
        culture: "fr",
        status: spec.status,
        shipping_method_id: method.id,
        billing_country_id: be.id,
        shipping_country_id: be.id,
        vat_number: null,
        reverse_charge: 0,
        coupon_id: null,
        items_tax_excl: items,
        discount_tax_excl: 0,
        shipping_tax_excl: 0,
        discount_tax_incl: 0,
        shipping_tax_incl: 0,
        access_key: null,
        vat_amount: total - items,
        total_tax_incl: total,
        billing_address: JSON.stringify({ ...ADDRESS, CountryId: be.id }),
        shipping_address: JSON.stringify({
          method: method.code,
          kind: "home",
          address: { ...ADDRESS, CountryId: be.id },
        }),
        created_at: created,
        paid_at: created,
        prepaid_account_id: null,
        prepaid_amount: 0,
        shipped_at: spec.status === "Shipped" ? created : null,
        payment_method: "card",
        chargeback_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const inserted = [];
    for (const line of lines)
      inserted.push(
        await db
          .insertInto("order_lines")
          .values({ ...line, order_id: order.id })
          .returning(["id", "unit_tax_excl", "vat_rate_basis_points"])
          .executeTakeFirstOrThrow(),
      );
    if (spec.number === paid && inserted[0]) {
      const amount = refundLineAmount(unitTaxIncl(inserted[0]), 1);
      const request = await db
        .insertInto("refund_requests")
        .values({
          order_id: order.id,
          customer_id: customer.id,
          status: "Requested",
          method: "Original",
          iban: null,
          account_holder: null,
          reason: "Taille trop grande",
          items: 1,
          amount,
          created_at: new Date(now.getTime() - 5 * DAY).toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("refund_request_lines")
        .values({ request_id: request.id, order_line_id: inserted[0].id, quantity: 1, amount })
        .execute();
    }
  }
}
