import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { runOf, testRun } from "./test-run";

/** Runs older than this are over (the suite takes minutes): what they left behind goes. */
const OVER_AFTER_SECONDS = 3 * 3600;

/**
 * Drops the PostgreSQL databases a test run made (its templates, and test databases a killed process
 * did not drop): those of this run at its end, those of runs long over at its start. Another run going
 * on at the same time keeps its own.
 */
async function dropDatabases(which: (run: number) => boolean): Promise<void> {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database");
    for (const { datname } of rows) {
      const run = runOf(datname);
      if (run !== null && which(run))
        await client.query(`drop database if exists "${datname.replaceAll('"', "")}" with (force)`);
    }
  } finally {
    await client.end();
  }
}

export async function setup(): Promise<() => Promise<void>> {
  const run = Number(testRun());
  await dropDatabases((other) => other < run - OVER_AFTER_SECONDS);
  return async () => {
    rmSync(join(tmpdir(), `vitrine-templates-${run}`), { recursive: true, force: true });
    await dropDatabases((other) => other === run);
  };
}
