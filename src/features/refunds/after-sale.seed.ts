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

/**
 * Marie's after-sale history for the demo: a paid order with a refund request on part of it, and a
 * shipped order (whose delivery address can no longer change).
 */
export async function seedAfterSale(ctx: SeedContext): Promise<void> {
  const { db } = ctx.handle;
  const marie = await db
    .selectFrom("customers")
    .select(["id", "email"])
    .where("email", "=", "marie@vitrine.test")
    .executeTakeFirst();
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
  if (!marie || !be || !method || !rate) return;
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
    {
      number: "VT-DE40000001",
      status: "Paid",
      days: 12,
      lines: [
        [first, 2],
        [second, 1],
      ],
    },
    { number: "VT-DE40000002", status: "Shipped", days: 30, lines: [[third, 1]] },
  ] as const;
  for (const spec of orders) {
    const created = new Date(ctx.now.getTime() - spec.days * DAY).toISOString();
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
        customer_id: marie.id,
        session_key: null,
        email: marie.email,
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
    if (spec.status === "Paid" && inserted[0]) {
      const amount = refundLineAmount(unitTaxIncl(inserted[0]), 1);
      const request = await db
        .insertInto("refund_requests")
        .values({
          order_id: order.id,
          customer_id: marie.id,
          status: "Requested",
          method: "Original",
          iban: null,
          account_holder: null,
          reason: "Taille trop grande",
          items: 1,
          amount,
          created_at: new Date(ctx.now.getTime() - 5 * DAY).toISOString(),
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
