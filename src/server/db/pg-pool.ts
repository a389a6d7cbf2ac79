import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";
import { log } from "../observability/log";
import { isConnectionError } from "./errors";

const READ = /^\s*select\b/i;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|rollback)\b/i;
/** How many other connections a plain read tries after its own broke (each broken one is dropped). */
const READ_RETRIES = 3;

/**
 * A pg pool for Kysely that survives lost connections (a PostgreSQL restart, a failover, an idle timeout,
 * `pg_terminate_backend`): errors of idle and checked-out clients are caught (pg emits them as events,
 * which would otherwise end the process), and a read outside a transaction that fails because its
 * connection broke runs once more on a fresh connection. Writes and transactions are never replayed:
 * their error reaches the caller (the API answers 503).
 */
export class ResilientPool implements PostgresPool {
  private lastLog = 0;

  constructor(private readonly pool: pg.Pool) {
    pool.on("error", (error) => this.log(error));
  }

  /** Connections open, idle and waited for (the metrics' database pool gauge). */
  stats(): { total: number; idle: number; waiting: number } {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }

  /** One line per burst: ten terminated connections are one event for an operator. */
  log(error: Error): void {
    if (Date.now() - this.lastLog < 10_000) return;
    this.lastLog = Date.now();
    log().warn({ err: error }, "PostgreSQL connection lost; the pool reconnects on the next query");
  }

  async connect(): Promise<PostgresPoolClient> {
    return new RetryingClient(this, await this.acquire());
  }

  async acquire(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    client.on("error", this.onClientError);
    return client;
  }

  readonly onClientError = (error: Error): void => this.log(error);

  end(): Promise<void> {
    return this.pool.end();
  }
}

class RetryingClient implements PostgresPoolClient {
  private inTransaction = false;
  private broken: Error | undefined;
  /** The client was given back to the pool as broken (and no other taken since). */
  private discarded = false;

  constructor(
    private readonly owner: ResilientPool,
    private client: pg.PoolClient,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== "string") return this.client.query(sqlOrCursor as never) as PostgresCursor<R>;
    return this.run<R>(sqlOrCursor, parameters ?? []);
  }

  private async run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    try {
      const result = await this.client.query(sql, parameters as unknown[]);
      if (BEGIN.test(sql)) this.inTransaction = true;
      else if (END.test(sql)) this.inTransaction = false;
      return result as unknown as PostgresQueryResult<R>;
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      this.owner.log(error as Error);
      if (this.inTransaction || !READ.test(sql)) {
        this.broken = error as Error;
        throw error;
      }
      // The connection died under a plain read: drop it and read again on another. The pool may hand
      // out an idle connection that was terminated too, before it heard so: a few tries, each on a
      // connection not used before.
      let failure = error as Error;
      for (let attempt = 0; attempt < READ_RETRIES; attempt++) {
        this.discard(failure);
        // No connection to be had (the database is away): the one discarded was given back already,
        // so `release` has nothing left to give (giving it twice threw, hiding this error).
        this.client = await this.owner.acquire();
        this.discarded = false;
        try {
          return (await this.client.query(sql, parameters as unknown[])) as unknown as PostgresQueryResult<R>;
        } catch (again) {
          if (!isConnectionError(again)) throw again;
          failure = again as Error;
        }
      }
      this.broken = failure;
      throw failure;
    }
  }

  private discard(error: Error): void {
    this.client.removeListener("error", this.owner.onClientError);
    // Still listening: a dead socket may report once more after it left us.
    this.client.on("error", () => {});
    this.client.release(error);
    this.discarded = true;
  }

  release(): void {
    if (this.discarded) return;
    if (this.broken) {
      this.discard(this.broken);
      return;
    }
    this.client.removeListener("error", this.owner.onClientError);
    this.client.release();
  }
}
