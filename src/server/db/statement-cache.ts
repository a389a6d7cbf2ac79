import type SQLite from "better-sqlite3";

/** Statements kept per connection: the queries of every page and API call fit many times over. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite connection as Kysely sees it, with each SQL text prepared once and reused: Kysely's driver
 * prepares every query again, which costs more than running most of ours. Least recently used
 * statements leave first. No statement is iterated (we never stream), so one may serve every call.
 */
export function withStatementCache(database: SQLite.Database, size = STATEMENT_CACHE_SIZE) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SQLite.Statement {
      let statement = statements.get(sql);
      if (statement) {
        // Most recent last: a Map iterates in insertion order.
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
