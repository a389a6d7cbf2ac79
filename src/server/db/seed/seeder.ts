import { createHash } from "node:crypto";
import type { DbHandle } from "../client";
import type { Database } from "../schema";
import type { Random } from "./random";

export interface SeedOptions {
  products: number;
  seed: number;
  /** The seed's "today"; fixed so the same seed gives the same price history. */
  now?: Date;
  log?: (line: string) => void;
}

/** What every domain's seeder gets: the database, the seed's random numbers and "today", a log. */
export interface SeedContext {
  handle: DbHandle;
  rnd: Random;
  now: Date;
  options: SeedOptions;
  log: (line: string) => void;
  /** When the seed started (for the log's timings). */
  started: number;
}

export const DAY = 24 * 60 * 60 * 1000;

/** Inserts rows in batches that stay under both dialects' bound-parameter limits. */
export async function insertMany<T extends keyof Database>(
  handle: DbHandle,
  table: T,
  rows: Record<string, unknown>[],
) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const batch = Math.max(1, Math.min(1000, Math.floor(30000 / columns)));
  for (let i = 0; i < rows.length; i += batch) {
    // Rows are built to the table's shape by the caller; Kysely cannot check a generic table name.
    const values = rows.slice(i, i + batch) as Parameters<ReturnType<typeof handle.db.insertInto<T>>["values"]>[0];
    await handle.db.insertInto(table).values(values).execute();
  }
}

export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");
}

export function guidFor(...parts: (string | number)[]): string {
  const hex = createHash("sha1").update(parts.join("|")).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
