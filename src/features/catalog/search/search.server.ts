import MiniSearch from "minisearch";
import type { Culture } from "~/lib/culture";
import { foldTerm } from "~/lib/text";
import { db } from "~/server/db/client";
import { registeredPublicVersion } from "~/server/page-cache/registry";
import { editRatio, type Suggestion } from "./search";
import { searchDocuments, suggestionRows } from "./search.repository";

const defaultTokenize = MiniSearch.getDefault("tokenize") as (text: string) => string[];

/** A SKU folded and without separators. */
function compactSku(text: string): string {
  return foldTerm(text).replace(/[^a-z0-9]/g, "");
}

/** Letters then digits, separators allowed: what shoppers type when they know a SKU. */
const SKU_QUERY = /^[a-z]{1,5}[-\s._/]?\d[\w\s._/-]*$/i;

/** Query words; single letters ("t" of "t-shirt") only when nothing else was typed: they match too much. */
function queryTerms(text: string): string[] {
  const terms = defaultTokenize(text).filter(Boolean);
  const words = terms.filter((term) => term.length > 1);
  return words.length ? words : terms;
}

/** Words shorter than this are not matched approximately. */
const FUZZY_MIN_LENGTH = 4;

/**
 * Where the server knows the version of public data (the production server: every process hears of a
 * change, decision 050), the index is rebuilt as soon as it moved: an import, a product written or
 * archived shows in every process's suggestions within the time of a build. Orders move only their
 * products' tags, not that version: they rebuild nothing. Without it (a script, the dev server) the
 * index is rebuilt when older than this.
 */
const INDEX_MAX_AGE_MS = 60_000;

interface IndexedProduct {
  id: number;
  names: string;
  descriptions: string;
  skus: string;
}

let cached: { index: MiniSearch<IndexedProduct>; builtAt: number; version: number | null } | undefined;
let building: Promise<MiniSearch<IndexedProduct>> | undefined;

async function build(): Promise<MiniSearch<IndexedProduct>> {
  // Read before the documents: a change committed while they are read leaves this index stale.
  const version = registeredPublicVersion()?.current() ?? null;
  const index = new MiniSearch<IndexedProduct>({
    fields: ["names", "skus", "descriptions"],
    storeFields: ["id"],
    processTerm: (term) => foldTerm(term),
    // A SKU is also one whole word without separators, so "VT-0001" finds "VT-00012-BEIGE-S" by prefix.
    tokenize: (text, field) =>
      field === "skus"
        ? text
            .split(/\s+/)
            .flatMap((sku) => [compactSku(sku), ...defaultTokenize(sku)])
            .filter(Boolean)
        : defaultTokenize(text),
  });
  index.addAll(await searchDocuments(db()));
  cached = { index, builtAt: Date.now(), version };
  return index;
}

async function searchIndex(): Promise<MiniSearch<IndexedProduct>> {
  if (cached && current(cached)) return cached.index;
  building ??= build().finally(() => {
    building = undefined;
  });
  // A stale index answers while the new one builds.
  return cached ? cached.index : building;
}

/** The index still holds what the catalogue does: its version of public data, or its age without one. */
function current(index: { builtAt: number; version: number | null }): boolean {
  const now = registeredPublicVersion()?.current();
  if (now === undefined || now === null || index.version === null) return Date.now() - index.builtAt < INDEX_MAX_AGE_MS;
  return now === index.version;
}

/** Forget the index (tests). */
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
  const prefix = (term: string) => term.length >= 3;
  const byScore = (a: { score: number; id: unknown }, b: { score: number; id: unknown }) =>
    b.score - a.score || (a.id as number) - (b.id as number);
  if (SKU_QUERY.test(q.trim())) {
    const bySku = index
      .search(compactSku(q), { fields: ["skus"], prefix: true, tokenize: (text) => [text] })
      .sort(byScore)
      .slice(0, limit);
    if (bySku.length) return rowsFor(culture, bySku);
  }
  // Names and SKUs first, forgiving typos; descriptions only fill the remaining places, with exact
  // words (fuzzy matching over every description's vocabulary costs more than it finds).
  const named = index
    .search(q, {
      fields: ["names", "skus"],
      tokenize: queryTerms,
      // Short words and SKU parts (digits) match exactly: a typo there is rare, and forgiving it would
      // match half the vocabulary.
      fuzzy: (term) => (fuzzy > 0 && term.length >= FUZZY_MIN_LENGTH && !/\d/.test(term) ? fuzzy : false),
      prefix,
      combineWith: "AND",
      boost: { names: 4, skus: 3 },
    })
    .sort(byScore)
    .slice(0, limit);
  const ranked = [...named];
  // A query with digits is a SKU: descriptions hold none.
  if (ranked.length < limit && !/\d/.test(q)) {
    const seen = new Set(ranked.map((r) => r.id));
    const described = index
      .search(q, { fields: ["names", "skus", "descriptions"], tokenize: queryTerms, prefix, combineWith: "AND" })
      .filter((r) => !seen.has(r.id))
      .sort(byScore);
    ranked.push(...described.slice(0, limit - ranked.length));
  }
  return rowsFor(culture, ranked);
}

/** The suggestions' names, links and photos in the culture, in the ranked order. */
async function rowsFor(culture: Culture, ranked: { id: unknown }[]): Promise<Suggestion[]> {
  const rows = await suggestionRows(
    db(),
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
