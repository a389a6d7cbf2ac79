import { sweeperRun } from "~/server/background";
import { database, db, type Executor } from "~/server/db/client";
import { log } from "~/server/observability/log";
import { lockCatalogue } from "./admin/catalog-writer.server";

/**
 * Sales with an end (issue 36): the merchant lowers a variant's price and says until when it holds
 * (`SaleEndsAt` on the catalogue API). Until then product pages say `priceValidUntil` and feeds give the
 * regular and sale prices with their dates; at the end the price before the reduction comes back by
 * itself (its tiers in proportion), entering the Omnibus history like any change.
 */
export interface SaleFacts {
  /** The unit price before the reduction, tax excluded. */
  regularTaxExcl: number;
  /** When the reduced price started, and when it ends (ISO). */
  startsAt: string;
  endsAt: string;
}

/** The running sales of these variants: a reduced price (lower than the one before) with an end to come. */
export async function runningSales(ex: Executor, variantIds: readonly number[], now = new Date()) {
  const sales = new Map<number, SaleFacts>();
  if (variantIds.length === 0) return sales;
  const ending = await ex
    .selectFrom("product_variants")
    .select(["id", "sale_ends_at"])
    .where("id", "in", variantIds)
    .where("sale_ends_at", ">", now.toISOString())
    .execute();
  if (ending.length === 0) return sales;
  const history = await ex
    .selectFrom("price_history")
    .select(["variant_id", "amount_tax_excl", "valid_from"])
    .where(
      "variant_id",
      "in",
      ending.map((v) => v.id),
    )
    .where("valid_from", "<=", now.toISOString())
    .orderBy("valid_from")
    .orderBy("id")
    .execute();
  for (const variant of ending) {
    const own = history.filter((h) => h.variant_id === variant.id);
    const current = own.at(-1);
    const previous = own.at(-2);
    if (!current || !previous || current.amount_tax_excl >= previous.amount_tax_excl) continue;
    sales.set(variant.id, {
      regularTaxExcl: previous.amount_tax_excl,
      startsAt: current.valid_from,
      endsAt: variant.sale_ends_at as string,
    });
  }
  return sales;
}

/** When the reduced price of one variant ends, or null (no sale, or one without an end). */
export async function saleEnd(variantId: number, now = new Date()): Promise<string | null> {
  return (await runningSales(db(), [variantId], now)).get(variantId)?.endsAt ?? null;
}

/**
 * Ends the sales whose time has come, in one transaction under the catalogue's lock (a feed being applied
 * waits): the unit price before the reduction back, the tiers in proportion, the history and the
 * product's `updated_at` written; the page cache follows through the prices' triggers. Answers how many
 * variants changed.
 */
export async function endSales(now = new Date()): Promise<number> {
  const handle = database();
  return handle.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx, handle.dialect);
    const due = await trx
      .selectFrom("product_variants")
      .select(["id", "product_id"])
      .where("sale_ends_at", "<=", now.toISOString())
      .execute();
    let changed = 0;
    const iso = now.toISOString();
    for (const variant of due) {
      const history = await trx
        .selectFrom("price_history")
        .select(["amount_tax_excl"])
        .where("variant_id", "=", variant.id)
        .where("valid_from", "<=", iso)
        .orderBy("valid_from", "desc")
        .orderBy("id", "desc")
        .limit(2)
        .execute();
      const [current, previous] = history;
      await trx.updateTable("product_variants").set({ sale_ends_at: null }).where("id", "=", variant.id).execute();
      if (!current || !previous || previous.amount_tax_excl <= current.amount_tax_excl) continue;
      const ratio = previous.amount_tax_excl / current.amount_tax_excl;
      const tiers = await trx
        .selectFrom("prices")
        .select(["min_quantity", "amount_tax_excl"])
        .where("variant_id", "=", variant.id)
        .execute();
      for (const tier of tiers)
        await trx
          .updateTable("prices")
          .set({
            amount_tax_excl:
              tier.min_quantity === 1 ? previous.amount_tax_excl : Math.round(tier.amount_tax_excl * ratio),
          })
          .where("variant_id", "=", variant.id)
          .where("min_quantity", "=", tier.min_quantity)
          .execute();
      await trx
        .insertInto("price_history")
        .values({ variant_id: variant.id, amount_tax_excl: previous.amount_tax_excl, valid_from: iso })
        .execute();
      await trx.updateTable("products").set({ updated_at: iso }).where("id", "=", variant.product_id).execute();
      changed += 1;
    }
    return changed;
  });
}

/** Ends due sales every minute, in one process at a time. */
export function startSaleSweeper(): () => void {
  const sweep = () =>
    sweeperRun("sales", () => endSales(), 60_000).then((ended) => {
      if (ended) log().info({ ended }, "sales ended: the regular prices are back");
    });
  void sweep();
  const timer = setInterval(sweep, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
