import SQLite from "better-sqlite3";
import pg from "pg";
import { env } from "../config/env";
import { isConnectionError } from "../db/errors";
import { PAGE_VERSION_CHANNEL } from "../db/migrations/015_page_version";
import { log as logger } from "../observability/log";

/**
 * The version of everything public (the `page_version` row the triggers of migration 015 bump), as the
 * page cache needs it on every request: synchronously, and never stale. `null` means "not known right
 * now": the cache then serves nothing and stores nothing.
 *
 * Beside it, per-tag versions (migration 018, decision 057): a stock or price change bumps only the tag
 * of its product (`product:<id>`) and, when what lists hold may change, `lists`. What a page or a memo
 * read records the tags it depends on (./tags.ts) and their versions; it stays fresh while they do.
 */
export interface PageVersionSource {
  current(): number | null;
  /** The first moment after `since` (epoch ms) when a page changes by itself (migration 015's schedule). */
  nextScheduled(since: number): Promise<number | null>;
  /** A mark of "now" for tag changes, read before the data is: `tagVersions` refuses tags changed after it. */
  tagMark(): number;
  /** The versions of these tags now, or null when one changed after `mark` (the data read may predate it). */
  tagVersions(tags: Iterable<string>, mark: number): Record<string, number> | null;
  /** Whether tag versions recorded by `tagVersions` are all still current. */
  tagsCurrent(versions: Record<string, number>): boolean;
  /**
   * While the database is out of reach (not merely the notifications lost: connecting again failed), the
   * version pages had when it went away and whether tag versions recorded then are still the last known;
   * null otherwise. Nothing the database holds can change that this process does not hear of once it is
   * back, so a page kept at that version may stand in for the 503 page (decision 003).
   */
  outage?(): Outage | null;
  close(): Promise<void>;
}

export interface Outage {
  version: number;
  tagsCurrent(versions: Record<string, number>): boolean;
}

/**
 * Tag versions as one process knows them: each tag's version and the mark at which this process learnt
 * of its last change (`seen`). Unknown tags never changed: version 0.
 */
export class TagVersions {
  private readonly tags = new Map<string, { version: number; seen: number }>();

  set(tag: string, version: number, seen: number): void {
    const known = this.tags.get(tag);
    if (known && known.version >= version) return;
    this.tags.set(tag, { version, seen });
  }

  clear(): void {
    this.tags.clear();
  }

  versions(tags: Iterable<string>, mark: number): Record<string, number> | null {
    const versions: Record<string, number> = {};
    for (const tag of tags) {
      const known = this.tags.get(tag);
      if (known && known.seen > mark) return null;
      versions[tag] = known?.version ?? 0;
    }
    return versions;
  }

  current(versions: Record<string, number>): boolean {
    for (const tag in versions) if ((this.tags.get(tag)?.version ?? 0) !== versions[tag]) return false;
    return true;
  }
}

/**
 * SQLite: one read of the row per request on a read-only connection of its own (about 2 µs). Tag changes
 * are numbered by `tag_seq`: when it moved, the tags changed since are read (one process writes SQLite,
 * so its numbering is the commit order).
 */
export function sqlitePageVersion(path: string): PageVersionSource {
  const connection = new SQLite(path, { readonly: true, fileMustExist: true });
  const read = connection.prepare("select version, tag_seq as seq from page_version where id = 1");
  const changed = connection.prepare("select tag, version from page_tag_version where version > ?");
  const schedule = connection.prepare("select min(at) from page_schedule where at > ?").pluck();
  const tags = new TagVersions();
  let seen = 0;
  /**
   * One read per turn of the event loop: a page asks a dozen times (its ticket, each kept part, each memo
   * of public data), and a read cost more than the rest of a kept part. A change committed during the turn
   * is seen from the next: the version read can only be older than the data read, never newer, so nothing
   * stale is stored under a new version.
   */
  let known: { version: number; seq: number } | null = null;
  let knownThisTurn = false;
  const forget = () => {
    knownThisTurn = false;
  };
  const refresh = (): { version: number; seq: number } | null => {
    if (knownThisTurn) return known;
    known = readNow();
    knownThisTurn = true;
    setImmediate(forget);
    return known;
  };
  /** Reads the row; learns the tags changed since the last read. */
  const readNow = (): { version: number; seq: number } | null => {
    try {
      const row = read.get() as { version: number | bigint; seq: number | bigint };
      const seq = Number(row.seq);
      if (seq !== seen) {
        for (const change of changed.all(seen) as { tag: string; version: number | bigint }[])
          tags.set(change.tag, Number(change.version), Number(change.version));
        seen = seq;
      }
      return { version: Number(row.version), seq };
    } catch {
      return null;
    }
  };
  return {
    nextScheduled: async (since) => scheduled(schedule.get(new Date(since).toISOString())),
    current: () => refresh()?.version ?? null,
    tagMark: () => refresh()?.seq ?? -1,
    tagVersions: (names, mark) => (refresh() ? tags.versions(names, mark) : null),
    tagsCurrent: (versions) => refresh() !== null && tags.current(versions),
    close: async () => {
      connection.close();
    },
  };
}

/**
 * PostgreSQL: a connection of its own LISTENs; the triggers notify once per committed transaction with
 * the new version or the new tag versions, in commit order. Until the connection is up (and while it is
 * lost) the version is unknown, so a lost notification can never leave a stale page in service. Tag
 * changes are marked by the order this process received them in.
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
  const tags = new TagVersions();
  let received = 0;
  /** The version when the notifications were lost; whether connecting again failed since (`outage`). */
  let lastKnown: number | null = null;
  let away = false;

  const lost = (error?: Error) => {
    if (version !== null) lastKnown = version;
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
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: env().DATABASE_CONNECT_TIMEOUT_MS });
    client = next;
    next.on("error", lost);
    next.on("end", () => client === next && lost());
    // Notifications that arrive while the current state is read are applied after it (pg emits them
    // before the read's answer resumes this function).
    let early: string[] | null = [];
    const apply = (payload: string) => {
      if (version === null) return;
      let change: { s?: string; g?: number; t?: Record<string, number> };
      try {
        change = JSON.parse(payload);
      } catch {
        return;
      }
      if (change.s !== schema) return;
      if (typeof change.g === "number") version = Math.max(version, change.g);
      received += 1;
      for (const [tag, value] of Object.entries(change.t ?? {})) tags.set(tag, Number(value), received);
    };
    next.on("notification", (message) => {
      if (early) early.push(message.payload ?? "");
      else apply(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`listen ${PAGE_VERSION_CHANNEL}`);
      // Listening first, then reading: a change committed in between is seen by one or the other.
      const { rows } = await next.query<{ schema: string; version: string }>(
        "select current_schema() as schema, version from page_version where id = 1",
      );
      const known = await next.query<{ tag: string; version: string }>("select tag, version from page_tag_version");
      // What was read while the notifications were away counts as received now.
      received += 1;
      tags.clear();
      for (const row of known.rows) tags.set(row.tag, Number(row.version), received);
      schema = rows[0]?.schema ?? "";
      version = Number(rows[0]?.version);
      for (const payload of early) apply(payload);
      early = null;
      if (reported) log("Page cache resumed: PostgreSQL notifications are back");
      reported = false;
      away = false;
      lastKnown = null;
    } catch (error) {
      if (client !== next) return;
      if (isConnectionError(error)) away = true;
      lost(error as Error);
    }
  };
  void connect();

  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: env().DATABASE_CONNECT_TIMEOUT_MS,
  });
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
    tagMark: () => received,
    tagVersions: (names, mark) => (version === null ? null : tags.versions(names, mark)),
    tagsCurrent: (versions) => version !== null && tags.current(versions),
    outage: () =>
      away && version === null && lastKnown !== null
        ? { version: lastKnown, tagsCurrent: (versions) => tags.current(versions) }
        : null,
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
