import MiniSearch from "minisearch";
import type { Culture } from "../../lib/culture";
import { foldTerm } from "../../lib/text";
import { editRatio, type Suggestion } from "./search";
import { searchDocuments, suggestionRows } from "./search.repository";

/** The index is rebuilt when older than this (catalogue edits show within a minute; each process has its own). */
const INDEX_MAX_AGE_MS = 60_000;

interface IndexedProduct {
  id: number;
  names: string;
  descriptions: string;
  skus: string;
}

let cached: { index: MiniSearch<IndexedProduct>; builtAt: number } | undefined;
let building: Promise<MiniSearch<IndexedProduct>> | undefined;

async function build(): Promise<MiniSearch<IndexedProduct>> {
  const index = new MiniSearch<IndexedProduct>({
    fields: ["names", "skus", "descriptions"],
    storeFields: ["id"],
    processTerm: (term) => foldTerm(term),
  });
  index.addAll(await searchDocuments());
  cached = { index, builtAt: Date.now() };
  return index;
}

async function searchIndex(): Promise<MiniSearch<IndexedProduct>> {
  if (cached && Date.now() - cached.builtAt < INDEX_MAX_AGE_MS) return cached.index;
  building ??= build().finally(() => {
    building = undefined;
  });
  // A stale index answers while the new one builds.
  return cached ? cached.index : building;
}

/** Forget the index (tests, and after a catalogue import). */
export function resetSearchIndex(): void {
  cached = undefined;
}

/**
 * Fuzzy product suggestions: typos, missing accents, any of the six languages' names, SKUs. Name and SKU
 * matches rank before description-only matches. Same answers on SQLite and PostgreSQL: the matching is
 * done here, not by the database.
 */
export async function suggest(culture: Culture, q: string, limit: number, accuracy: number): Promise<Suggestion[]> {
  const index = await searchIndex();
  const fuzzy = editRatio(accuracy);
  const results = index.search(q, {
    fuzzy: fuzzy > 0 ? fuzzy : false,
    prefix: (term) => term.length >= 3,
    combineWith: "AND",
    boost: { names: 4, skus: 3, descriptions: 1 },
  });
  const inName = (r: (typeof results)[number]) =>
    Object.values(r.match).some((fields) => fields.includes("names") || fields.includes("skus"));
  const ranked = results
    .sort((a, b) => Number(inName(b)) - Number(inName(a)) || b.score - a.score || (a.id as number) - (b.id as number))
    .slice(0, limit);
  const rows = await suggestionRows(
    culture,
    ranked.map((r) => r.id as number),
  );
  return ranked.flatMap((r) => {
    const row = rows.find((x) => x.id === r.id);
    return row
      ? [
          {
            Name: row.name,
            Photo: row.guid ? { AssetId: row.guid, AssetName: row.assetName ?? "" } : null,
            ProductUrl: `/${culture}/p/${row.slug}`,
          },
        ]
      : [];
  });
}
