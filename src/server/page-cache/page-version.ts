import SQLite from "better-sqlite3";
import pg from "pg";
import { PAGE_VERSION_CHANNEL } from "../db/migrations/015_page_version";
import { log as logger } from "../observability/log";

/**
 * The version of everything public (the `page_version` row the triggers of migration 015 bump), as the
 * page cache needs it on every request: synchronously, and never stale. `null` means "not known right
 * now": the cache then serves nothing and stores nothing.
 */
export interface PageVersionSource {
  current(): number | null;
  /** The first moment after `since` (epoch ms) when a page changes by itself (migration 015's schedule). */
  nextScheduled(since: number): Promise<number | null>;
  close(): Promise<void>;
}

/** SQLite: one read of the row per request on a read-only connection of its own (about 2 µs). */
export function sqlitePageVersion(path: string): PageVersionSource {
  const connection = new SQLite(path, { readonly: true, fileMustExist: true });
  const read = connection.prepare("select version from page_version where id = 1").pluck();
  const schedule = connection.prepare("select min(at) from page_schedule where at > ?").pluck();
  return {
    nextScheduled: async (since) => scheduled(schedule.get(new Date(since).toISOString())),
    current: () => {
      try {
        return Number(read.get());
      } catch {
        return null;
      }
    },
    close: async () => {
      connection.close();
    },
  };
}

/**
 * PostgreSQL: a connection of its own LISTENs; the trigger notifies once per committed transaction with
 * the new version, in commit order. Until the connection is up (and while it is lost) the version is
 * unknown, so a lost notification can never leave a stale page in service.
 */
export function postgresPageVersion(
  url: string,
  log: (line: string) => void = (line) => logger().warn(line),
): PageVersionSource {
  let version: number | null = null;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let schema = "";
  let reported = false;

  const lost = (error?: Error) => {
    version = null;
    const old = client;
    client = null;
    old?.removeAllListeners();
    old?.on("error", () => {});
    old?.end().catch(() => {});
    if (closed) return;
    if (!reported) log(`Page cache paused: the PostgreSQL notifications are lost (${error?.message ?? "closed"})`);
    reported = true;
    retry = setTimeout(connect, 1000);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on("error", lost);
    next.on("end", () => client === next && lost());
    next.on("notification", (message) => {
      const [from, value] = (message.payload ?? "").split(":");
      if (from === schema && version !== null) version = Math.max(version, Number(value));
    });
    try {
      await next.connect();
      await next.query(`listen ${PAGE_VERSION_CHANNEL}`);
      // Listening first, then reading: a change committed in between is seen by one or the other.
      const { rows } = await next.query<{ schema: string; version: string }>(
        "select current_schema() as schema, version from page_version where id = 1",
      );
      schema = rows[0]?.schema ?? "";
      version = Number(rows[0]?.version);
      if (reported) log("Page cache resumed: PostgreSQL notifications are back");
      reported = false;
    } catch (error) {
      if (client === next) lost(error as Error);
    }
  };
  void connect();

  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on("error", () => {});
  return {
    current: () => version,
    nextScheduled: async (since) => {
      const { rows } = await pool.query<{ at: string | null }>(
        "select min(at) as at from page_schedule where at > $1",
        [new Date(since).toISOString()],
      );
      return scheduled(rows[0]?.at);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const old = client;
      client = null;
      version = null;
      await old?.end().catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}

function scheduled(at: unknown): number | null {
  const time = typeof at === "string" ? Date.parse(at) : Number.NaN;
  return Number.isNaN(time) ? null : time;
}
