import { type Kysely, sql } from "kysely";
import type { Dialect } from "./index";

/**
 * The tables anonymous pages are made of. Any change to one of them makes every cached page stale
 * (src/server/page-cache, decision 050). A new table that a public page reads belongs here.
 */
export const PUBLIC_PAGE_TABLES = [
  "categories",
  "category_translations",
  "brands",
  "products",
  "product_translations",
  "attributes",
  "attribute_translations",
  "attribute_values",
  "attribute_value_translations",
  "product_variants",
  "variant_attribute_values",
  "prices",
  "countries",
  "vat_rates",
  "warehouses",
  "stock",
  "asset_folders",
  "assets",
  "content_pages",
  "content_page_translations",
  "news_categories",
  "news_category_translations",
  "news",
  "news_translations",
  "news_gallery",
  "banners",
  "banner_slides",
  "banner_slide_translations",
  "popups",
  "popup_translations",
  "settings",
  "tags",
  "tag_translations",
  "product_tags",
  "product_relations",
  "product_frames",
  "product_assets",
] as const;

/** Channel the PostgreSQL trigger notifies, once per committed transaction, with "schema:version". */
export const PAGE_VERSION_CHANNEL = "vitrine_pages";

/**
 * One number, the version of everything public, bumped by triggers in the same transaction as the
 * change, whoever makes it (the API, a seed, an operator's SQL).
 *
 * SQLite: a row trigger per table and operation. PostgreSQL: a deferred constraint trigger, so the
 * version row is the last lock a transaction takes (no lock-order deadlock with stock rows), bumped once
 * per transaction (a transaction-local flag), with a notification the other processes receive at commit.
 */
export async function m015_page_version(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema
    .createTable("page_version")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await db.insertInto("page_version").values({ id: 1, version: 1 }).execute();
  // Moments when public pages change by themselves (a banner or popup ends, a news item goes live): a
  // cached page lives no longer than the next one after it was rendered. ISO 8601 UTC text sorts as time.
  await sql
    .raw(`create view page_schedule as
      select end_at as at from banners where published = 1 and end_at is not null
      union all select end_at as at from popups where published = 1 and end_at is not null
      union all select published_at as at from news where published = 1`)
    .execute(db);

  if (dialect === "sqlite") {
    for (const table of PUBLIC_PAGE_TABLES) {
      for (const operation of ["insert", "update", "delete"]) {
        await sql
          .raw(
            `create trigger page_version_${table}_${operation} after ${operation} on ${table} ` +
              "begin update page_version set version = version + 1 where id = 1; end",
          )
          .execute(db);
      }
    }
    return;
  }
  await sql
    .raw(`
      create function bump_page_version() returns trigger language plpgsql as $$
      declare next_version bigint;
      begin
        if coalesce(current_setting('vitrine.page_version_bumped', true), '') = 'yes' then return null; end if;
        perform set_config('vitrine.page_version_bumped', 'yes', true);
        update page_version set version = version + 1 where id = 1 returning version into next_version;
        perform pg_notify('${PAGE_VERSION_CHANNEL}', current_schema() || ':' || next_version);
        return null;
      end $$`)
    .execute(db);
  for (const table of PUBLIC_PAGE_TABLES) {
    await sql
      .raw(
        `create constraint trigger page_version_${table} after insert or update or delete on ${table} ` +
          "deferrable initially deferred for each row execute function bump_page_version()",
      )
      .execute(db);
  }
}
