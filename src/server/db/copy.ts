import { type Kysely, sql } from "kysely";
import type { DbHandle } from "./client";

/** Tables the migrations own (their bookkeeping, the page version's single row): never copied. */
const NOT_COPIED = new Set([
  "kysely_migration",
  "kysely_migration_lock",
  "page_version",
  "page_tag_version",
  "sweeper_runs",
]);
/** PostgreSQL takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 60_000;

export class CopyRefused extends Error {}

export interface CopyReport {
  tables: { name: string; rows: number }[];
  rows: number;
  ms: number;
}

// biome-ignore lint/suspicious/noExplicitAny: the copy reads and writes every table by name, untyped
type AnyDb = Kysely<any>;

/** The source's tables, each after the tables its foreign keys point to (self-references aside). */
export async function tablesInDependencyOrder(source: DbHandle): Promise<string[]> {
  const db = source.db as AnyDb;
  const { rows } = await sql<{ name: string }>`select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  const tables = rows.map((r) => r.name).filter((name) => !NOT_COPIED.has(name));
  const needs = new Map<string, Set<string>>();
  for (const table of tables) {
    const keys = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(db);
    needs.set(table, new Set(keys.rows.map((k) => k.table).filter((t) => t !== table && tables.includes(t))));
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.filter((t) => !placed.has(t) && [...(needs.get(t) ?? [])].every((n) => placed.has(n)));
    if (next.length === 0)
      throw new CopyRefused(`circular foreign keys between ${tables.filter((t) => !placed.has(t)).join(", ")}`);
    for (const table of next) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/**
 * Copies a migrated SQLite shop into an empty, migrated PostgreSQL database (`npm run db:copy`): every
 * table in dependency order, in batches, ids kept, sequences moved past them, all in one transaction
 * (a failure leaves the target empty), then the row counts compared. A target that already holds rows
 * is refused.
 */
export async function copyShop(
  source: DbHandle,
  target: DbHandle,
  progress: (line: string) => void = () => {},
): Promise<CopyReport> {
  if (source.dialect !== "sqlite" || target.dialect !== "postgres")
    throw new CopyRefused("copies from a SQLite file to a PostgreSQL database");
  const started = Date.now();
  const tables = await tablesInDependencyOrder(source);
  const from = source.db as AnyDb;
  const to = target.db as AnyDb;
  for (const table of tables) {
    const row = await to.selectFrom(table).select(sql<number>`count(*)::int`.as("n")).executeTakeFirst();
    if (Number(row?.n ?? 0) > 0) throw new CopyRefused(`the target is not empty: ${table} has rows`);
  }
  const report: CopyReport = { tables: [], rows: 0, ms: 0 };
  await to.transaction().execute(async (trx) => {
    for (const table of tables) {
      const columns = await sql<{ column_name: string; data_type: string }>`select column_name, data_type
        from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(trx);
      const types = new Map(columns.rows.map((c) => [c.column_name, c.data_type]));
      const batch = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMETERS / Math.max(1, types.size))));
      let copied = 0;
      for (let offset = 0; ; offset += batch) {
        const rows = (
          await sql<
            Record<string, unknown>
          >`select * from ${sql.table(table)} order by rowid limit ${batch} offset ${offset}`.execute(from)
        ).rows;
        if (rows.length === 0) break;
        const values = rows.map((row) =>
          Object.fromEntries(
            Object.entries(row)
              .filter(([column]) => types.has(column))
              .map(([column, value]) => [
                column,
                types.get(column) === "boolean" && typeof value === "number" ? value !== 0 : value,
              ]),
          ),
        );
        await trx.insertInto(table).values(values).execute();
        copied += rows.length;
        if (rows.length < batch) break;
      }
      report.tables.push({ name: table, rows: copied });
      report.rows += copied;
      progress(`${table}: ${copied} rows`);
    }
    // Ids were kept: each serial sequence continues after the highest one copied.
    const serials = await sql<{ table_name: string; column_name: string }>`select table_name, column_name
      from information_schema.columns where table_schema = current_schema() and column_default like 'nextval(%'`.execute(
      trx,
    );
    for (const { table_name: table, column_name: column } of serials.rows) {
      await sql`select setval(pg_get_serial_sequence(${table}, ${column}),
        coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
    }
    // Every row arrived: the counts on both sides agree before the copy is committed.
    for (const { name, rows } of report.tables) {
      const [sourceCount, targetCount] = await Promise.all([
        from.selectFrom(name).select(sql<number>`count(*)`.as("n")).executeTakeFirst(),
        trx.selectFrom(name).select(sql<number>`count(*)::int`.as("n")).executeTakeFirst(),
      ]);
      if (Number(sourceCount?.n) !== rows || Number(targetCount?.n) !== rows)
        throw new CopyRefused(`${name}: ${sourceCount?.n} rows in the source, ${targetCount?.n} copied`);
    }
  });
  report.ms = Date.now() - started;
  progress(`copied ${report.rows} rows of ${report.tables.length} tables in ${report.ms} ms; counts checked`);
  return report;
}
