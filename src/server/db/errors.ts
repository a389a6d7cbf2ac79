/** A unique constraint refused the row (PostgreSQL 23505, SQLite "UNIQUE constraint failed"). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "23505" || /UNIQUE constraint failed/.test(e?.message ?? "");
}

const CONNECTION_CODES = new Set(["57P01", "57P02", "57P03", "ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT"]);
const CONNECTION_MESSAGES =
  /Connection terminated|not queryable|connection error|terminating connection|timeout exceeded when trying to connect/i;

/**
 * The database connection broke or could not be made (server restarted, failed over, terminated our
 * backend, refused us): nothing the client did wrong, and worth another try a moment later.
 */
export function isConnectionError(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  if (!e || typeof e !== "object") return false;
  return (
    CONNECTION_CODES.has(e.code ?? "") || (e.code ?? "").startsWith("08") || CONNECTION_MESSAGES.test(e.message ?? "")
  );
}
