/** A unique constraint refused the row (PostgreSQL 23505, SQLite "UNIQUE constraint failed"). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "23505" || /UNIQUE constraint failed/.test(e?.message ?? "");
}
