import { type Kysely, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * Shipping is on public pages too: the product page's structured data and the product feeds show the
 * cheapest delivery to the price country. Since shipping methods can be changed through the API (not only
 * seeded), a change to them moves the one version of everything public, as the tables of 015 do, with
 * the same triggers (018's on PostgreSQL: noted per row, flushed once per transaction).
 */
export const SHIPPING_PAGE_TABLES = ["shipping_methods", "shipping_method_translations", "shipping_rates"] as const;

export async function m026_shipping_on_pages(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const table of SHIPPING_PAGE_TABLES) {
    if (dialect === "sqlite") {
      for (const operation of ["insert", "update", "delete"])
        await sql
          .raw(
            `create trigger page_version_${table}_${operation} after ${operation} on ${table} ` +
              "begin update page_version set version = version + 1 where id = 1; end",
          )
          .execute(anyDb);
      continue;
    }
    await sql
      .raw(
        `create trigger page_note_${table} after insert or update or delete on ${table} for each row execute function note_page_change()`,
      )
      .execute(anyDb);
    await sql
      .raw(
        `create constraint trigger page_flush_${table} after insert or update or delete on ${table} ` +
          "deferrable initially deferred for each row execute function flush_page_changes()",
      )
      .execute(anyDb);
  }
}
