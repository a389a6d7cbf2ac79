import { sql } from "kysely";
import type { Culture } from "~/lib/culture";
import type { Executor } from "~/server/db/client";
import { productTextIn } from "~/server/db/fragments";

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A customer's references containing the text (case-insensitive), with the product they point to. */
export async function searchReferences(
  ex: Executor,
  customerId: number,
  culture: Culture,
  text: string,
  offset: number,
  limit: number,
) {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  return ex
    .selectFrom("customer_references as r")
    .innerJoin("product_variants as v", "v.id", "r.variant_id")
    .innerJoin("products as p", "p.id", "v.product_id")
    .innerJoin("product_translations as t", productTextIn(culture))
    .select(["r.variant_id", "r.reference", "t.name", "t.slug", "v.sku"])
    .where("r.customer_id", "=", customerId)
    .where("p.is_active", "=", 1)
    .where(sql<boolean>`lower(r.reference) like ${pattern} escape '\\'`)
    .orderBy("r.reference")
    .orderBy("r.variant_id")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function referenceFor(ex: Executor, customerId: number, variantId: number): Promise<string | null> {
  const row = await ex
    .selectFrom("customer_references")
    .select("reference")
    .where("customer_id", "=", customerId)
    .where("variant_id", "=", variantId)
    .executeTakeFirst();
  return row?.reference ?? null;
}

export async function variantExists(ex: Executor, variantId: number): Promise<boolean> {
  const row = await ex
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select("v.id")
    .where("v.id", "=", variantId)
    .where("p.is_active", "=", 1)
    .executeTakeFirst();
  return Boolean(row);
}

/** Sets (or with an empty text, removes) a customer's reference for a variant. */
export async function saveReference(
  ex: Executor,
  customerId: number,
  variantId: number,
  reference: string,
): Promise<void> {
  await ex.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("customer_references")
      .where("customer_id", "=", customerId)
      .where("variant_id", "=", variantId)
      .execute();
    if (reference)
      await trx
        .insertInto("customer_references")
        .values({
          customer_id: customerId,
          variant_id: variantId,
          reference,
          updated_at: new Date().toISOString(),
        })
        .execute();
  });
}
