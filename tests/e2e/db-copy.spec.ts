import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { serverEnvironment } from "../support/e2e-server";
import { freePort, ready, startServer } from "../support/processes";

/**
 * An operator moves a shop from SQLite to PostgreSQL (issue 33 point 2): the demo shop, seeded by a
 * production start on SQLite, copied with `db:copy`, answers the same pages from PostgreSQL.
 */
const BASE = process.env.TEST_POSTGRES_URL;

async function serve(database: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const started = startServer({ ...serverEnvironment(port, database), SEED_PRODUCTS: "20", PAGE_CACHE_SECONDS: "0" });
  await ready(started, "/readyz");
  return {
    url: started.url,
    stop: async () => {
      started.child.kill("SIGTERM");
      await started.exited;
    },
  };
}

/** What differs between two servers by construction: their address and each answer's nonces. */
function comparable(html: string, origin: string): string {
  return (
    html
      .replaceAll(origin, "ORIGIN")
      .replaceAll(encodeURIComponent(origin), "ORIGIN")
      .replaceAll(/nonce="[^"]*"/g, 'nonce=""')
      // Islands are numbered at random per render, and React's ids follow their prefix.
      .replaceAll(/ uid="[^"]*" prefix="[^"]*"/g, "")
      .replaceAll(/_r[0-9a-zA-Z]+_/g, "_r_")
      .replaceAll(/name="csrf[^"]*" value="[^"]*"/gi, "csrf")
      // A countdown shows the seconds left when the page was rendered.
      .replaceAll(/data-countdown-part="(\w+)">\d+</g, 'data-countdown-part="$1">N<')
  );
}

/** Where two pages first differ, with some context (a whole page is too long to read in a report). */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i === a.length && i === b.length
    ? ""
    : `at ${i}:\n  ${a.slice(i - 150, i + 150)}\n  ${b.slice(i - 150, i + 150)}`;
}

test.describe("a shop copied from SQLite to PostgreSQL", () => {
  test.skip(!BASE, "needs TEST_POSTGRES_URL");

  test("answers the same pages", async () => {
    test.setTimeout(240_000);
    const file = `data/copy-${Date.now()}.sqlite`;
    const schema = `copy_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: BASE });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(BASE as string);
    url.searchParams.set("options", `-c search_path=${schema}`);
    url.searchParams.set("application_name", schema);
    try {
      // The demo shop as a production start on SQLite makes it, then stopped.
      await (await serve(file)).stop();
      execFileSync("npx", ["tsx", "src/server/db/cli.ts", "copy", "--from", file, "--to", url.toString()], {
        stdio: "pipe",
      });
      const [sqlite, postgres] = [await serve(file), await serve(url.toString())];
      try {
        const home = await (await fetch(`${sqlite.url}/fr/`)).text();
        const product = /href="\/fr\/p\/([^"?#]+)"/.exec(home)?.[1];
        expect(product).toBeTruthy();
        for (const path of [
          "/fr/",
          "/nl/",
          "/fr/c/vetements?sort=price-asc",
          `/fr/p/${product}`,
          "/de/catalog?q=baumwolle",
        ]) {
          const [a, b] = await Promise.all(
            [sqlite, postgres].map(async (server) => {
              const answer = await fetch(`${server.url}${path}`);
              expect(answer.status, `${path} on ${server.url}`).toBe(200);
              return comparable(await answer.text(), server.url);
            }),
          );
          expect(firstDifference(a as string, b as string), path).toBe("");
        }
      } finally {
        await Promise.all([sqlite.stop(), postgres.stop()]);
      }
    } finally {
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [schema]);
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
    }
  });
});
