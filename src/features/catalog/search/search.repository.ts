import type { Culture } from "~/lib/culture";
import type { Executor } from "~/server/db/client";

/** One document per active product: its names and descriptions in every culture, and its SKUs. */
export async function searchDocuments(ex: Executor) {
  const [texts, skus] = await Promise.all([
    ex
      .selectFrom("product_translations as t")
      .innerJoin("products as p", "p.id", "t.product_id")
      .select(["t.product_id", "t.name", "t.description"])
      .where("p.is_active", "=", 1)
      .orderBy("t.product_id")
      .orderBy("t.culture")
      .execute(),
    ex.selectFrom("product_variants").select(["product_id", "sku"]).orderBy("id").execute(),
  ]);
  const documents = new Map<number, { id: number; names: string[]; descriptions: string[]; skus: string[] }>();
  for (const t of texts) {
    const doc = documents.get(t.product_id) ?? { id: t.product_id, names: [], descriptions: [], skus: [] };
    doc.names.push(t.name);
    doc.descriptions.push(t.description);
    documents.set(t.product_id, doc);
  }
  for (const s of skus) documents.get(s.product_id)?.skus.push(s.sku);
  return [...documents.values()].map((d) => ({
    id: d.id,
    names: d.names.join(" \n "),
    descriptions: d.descriptions.join(" \n "),
    skus: d.skus.join(" "),
  }));
}

/** Name, slug and first photo of products, in the culture. */
export async function suggestionRows(ex: Executor, culture: Culture, ids: number[]) {
  if (ids.length === 0) return [];
  const [names, photos] = await Promise.all([
    ex
      .selectFrom("product_translations")
      .select(["product_id", "name", "slug"])
      .where("culture", "=", culture)
      .where("product_id", "in", ids)
      .execute(),
    ex
      .selectFrom("product_assets as pa")
      .innerJoin("assets as a", "a.id", "pa.asset_id")
      .select(["pa.product_id", "a.guid", "a.name"])
      .where("pa.product_id", "in", ids)
      .where("pa.position", "=", 0)
      .execute(),
  ]);
  return names.map((n) => {
    const photo = photos.find((p) => p.product_id === n.product_id);
    return { id: n.product_id, name: n.name, slug: n.slug, guid: photo?.guid ?? null, assetName: photo?.name ?? null };
  });
}
