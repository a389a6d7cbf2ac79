import type { SeedContext } from "~/server/db/seed/seeder";
import { DAY } from "~/server/db/seed/seeder";
import { PREPAID_CREDIT_SKU, PREPAID_LOW_BALANCE_CENTS, PREPAID_MAX_UNITS } from "./prepaid";

const NAMES: Record<string, [string, string]> = {
  fr: ["Crédit prépayé", "credit-prepaye"],
  nl: ["Prepaid tegoed", "prepaid-tegoed"],
  es: ["Crédito prepago", "credito-prepago"],
  de: ["Prepaid-Guthaben", "prepaid-guthaben"],
  it: ["Credito prepagato", "credito-prepagato"],
  pt: ["Crédito pré-pago", "credito-pre-pago"],
};

/**
 * The prepaid credit service (one variant, 1 € a unit, no VAT class: VAT is due when credit is spent;
 * inactive, so no list or search shows it) and the demo customer's accounts with some history.
 */
export async function seedPrepaid(ctx: SeedContext): Promise<void> {
  const { db } = ctx.handle;
  const iso = (d: Date) => d.toISOString();
  const product = await db
    .selectFrom("products")
    .select(["category_id", "brand_id"])
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom("products")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirstOrThrow();
  const lastVariant = await db
    .selectFrom("product_variants")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirstOrThrow();
  const productId = Number(last.id) + 1;
  const variantId = Number(lastVariant.id) + 1;
  await db
    .insertInto("products")
    .values({
      id: productId,
      category_id: product.category_id,
      brand_id: product.brand_id,
      vat_class: "none",
      is_active: 0,
      is_featured: 0,
      unit_measure: null,
      unit_content_milli: null,
      created_at: iso(ctx.now),
    })
    .execute();
  await db
    .insertInto("product_translations")
    .values(
      Object.entries(NAMES).map(([culture, [name, slug]]) => ({
        product_id: productId,
        culture,
        name,
        slug,
        description: name,
      })),
    )
    .execute();
  await db
    .insertInto("product_variants")
    .values({
      id: variantId,
      product_id: productId,
      sku: PREPAID_CREDIT_SKU,
      is_default: 1,
      min_quantity: 1,
      max_quantity: PREPAID_MAX_UNITS,
      step_quantity: 1,
    })
    .execute();
  await db.insertInto("prices").values({ variant_id: variantId, min_quantity: 1, amount_tax_excl: 100 }).execute();

  const marie = await db
    .selectFrom("customers")
    .select("id")
    .where("email", "=", "marie@vitrine.test")
    .executeTakeFirst();
  if (!marie) return;
  const accounts = [
    // More movements than one page holds (10): the list pages in place.
    {
      name: "Compte principal",
      moves: [5000, -1890, 2500, -1240, -760, 3000, -2210, -990, 1500, -420, -1080, 2000, -1310, -690],
    },
    { name: "Cadeaux", moves: [2000, -1450] },
  ];
  for (const [index, account] of accounts.entries()) {
    let balance = 0;
    const created = new Date(ctx.now.getTime() - 60 * DAY);
    const row = await db
      .insertInto("prepaid_accounts")
      .values({
        customer_id: marie.id,
        name: account.name,
        balance: account.moves.reduce((a, b) => a + b, 0),
        notify_usage: index === 0 ? 1 : 0,
        low_balance_threshold: PREPAID_LOW_BALANCE_CENTS,
        created_at: iso(created),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("prepaid_movements")
      .values(
        account.moves.map((amount, i) => {
          balance += amount;
          return {
            account_id: row.id,
            amount,
            kind: amount > 0 ? "TopUp" : "Payment",
            order_id: null,
            balance_after: balance,
            label: null,
            created_at: iso(new Date(created.getTime() + (i + 1) * 5 * DAY)),
          };
        }),
      )
      .execute();
  }
}
