import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
} from "kysely";

/** What the driver needs of a database: better-sqlite3's, or the statement cache in front of it. */
export interface StatementSource {
  prepare(sql: string): SQLite.Statement;
  close(): void;
}

/** Closed or open; whoever waits for `passage` goes on once it opens. */
class Latch {
  #closed: Promise<void> | undefined;
  #open: (() => void) | undefined;

  get closed(): boolean {
    return this.#closed !== undefined;
  }

  async passage(): Promise<void> {
    while (this.#closed) await this.#closed;
  }

  close(): void {
    this.#closed = new Promise((resolve) => {
      this.#open = resolve;
    });
  }

  open(): void {
    const open = this.#open;
    this.#closed = undefined;
    this.#open = undefined;
    open?.();
  }
}

/** One holder at a time: the connection, from a statement's or a transaction's start to its end. */
class Mutex {
  readonly #latch = new Latch();

  async lock(): Promise<void> {
    // Checked again after each wait, in the same turn as closing: two waiters never both take it.
    while (this.#latch.closed) await this.#latch.passage();
    this.#latch.close();
  }

  unlock(): void {
    this.#latch.open();
  }
}

/**
 * SQLite has one writer at a time. A long write (a catalogue import) runs on a connection of its own
 * while it holds this gate closed: the shop's connection goes on reading (WAL: what was last committed),
 * and its writes and transactions wait for the gate, without holding the event loop (better-sqlite3
 * would otherwise spin in its busy handler, synchronously, up to `busy_timeout`).
 */
export class WriteGate extends Latch {}

class GatedConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    private readonly database: StatementSource,
    private readonly driver: GatedSqliteDriver,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.database.prepare(compiledQuery.sql);
    // A write of its own (outside a transaction, which waited at its start) waits for a long write.
    if (!statement.readonly && !this.inTransaction) await this.driver.waitForGate();
    const parameters = compiledQuery.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error("SQLite streams only selects");
    const statement = this.database.prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }
}

/** Kysely's SQLite driver (one connection behind a mutex), with the write gate. */
export class GatedSqliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: GatedConnection;

  constructor(
    private readonly database: StatementSource,
    readonly gate: WriteGate,
  ) {
    this.#connection = new GatedConnection(database, this);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }

  /** Called holding the connection: lets it go while the gate is closed, then takes it back. */
  async waitForGate(): Promise<void> {
    while (this.gate.closed) {
      this.#mutex.unlock();
      await this.gate.passage();
      await this.#mutex.lock();
    }
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.waitForGate();
    (connection as GatedConnection).inTransaction = true;
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
    (connection as GatedConnection).inTransaction = false;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw("rollback"));
    } finally {
      (connection as GatedConnection).inTransaction = false;
    }
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  /**
   * Closes the gate for a long write: once no statement or transaction of this connection is under way
   * (each holds the mutex from its start to its end) and no other long write holds it.
   */
  async closeGate(): Promise<void> {
    for (;;) {
      await this.gate.passage();
      await this.#mutex.lock();
      const free = !this.gate.closed;
      if (free) this.gate.close();
      this.#mutex.unlock();
      if (free) return;
    }
  }

  async destroy(): Promise<void> {
    this.database.close();
  }
}

/** Kysely's SQLite dialect on the gated driver. */
export class GatedSqliteDialect extends SqliteDialect {
  readonly driver: GatedSqliteDriver;

  constructor(database: StatementSource, gate = new WriteGate()) {
    super({ database: database as unknown as SQLite.Database });
    this.driver = new GatedSqliteDriver(database, gate);
  }

  override createDriver(): Driver {
    return this.driver;
  }
}

/**
 * Copies the write-ahead log into the database file on a thread of its own (PASSIVE: readers and the
 * shop go on). A long write's connection turns automatic checkpoints off: after an import the log holds
 * hundreds of megabytes, and the checkpoint its commit would run copies them all with the event loop
 * held (a 130 MB log: 0.9 s, every page waiting).
 */
export function checkpointAside(path: string): Promise<void> {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(
    `const { workerData } = require("node:worker_threads");
     const database = new (require(workerData.driver))(workerData.path);
     database.pragma("busy_timeout = 5000");
     database.pragma("wal_checkpoint(PASSIVE)");
     database.close();`,
    { eval: true, workerData: { driver, path } },
  );
  return new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("exit", () => resolve());
  });
}
