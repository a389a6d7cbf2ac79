import { type Kysely, sql } from "kysely";
import { PAGE_VERSION_CHANNEL, PUBLIC_PAGE_TABLES } from "./015_page_version";
import type { Dialect } from "./index";

/**
 * Tables whose changes make fresh only what shows the product they belong to (issue 33: a cache that
 * survives a sale). A stock or price row bumps the `product:<id>` tag of its product; a stock row that
 * starts or stops being in stock, and every price, also bump `lists` (what a list holds, its order and
 * its facets follow them). Every other public table still bumps the one version of everything public.
 */
export const TAGGED_PAGE_TABLES = ["stock", "prices"] as const;

/** Above this many tags in one transaction (an import), the transaction bumps everything instead. */
export const MAX_TAGS_PER_TRANSACTION = 200;

/**
 * Per-tag versions beside the one version (decision 057).
 *
 * SQLite (one process, one writer): a row trigger numbers each change with `page_version.tag_seq` and
 * writes it as the tag's version; a reader polls `tag_seq` and reads the tags changed since.
 *
 * PostgreSQL: row triggers only note what changed in transaction-local settings; one deferred trigger
 * per transaction then bumps the noted tags in sorted order (no lock-order deadlock between two orders
 * of different products), or the one version instead when a table without tags changed, and sends one
 * notification: `{"s": schema, "g": version}` or `{"s": schema, "t": {"product:12": 7, ...}}`.
 */
export async function m018_page_tags(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema
    .createTable("page_tag_version")
    .addColumn("tag", "text", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();

  if (dialect === "sqlite") {
    await db.schema
      .alterTable("page_version")
      .addColumn("tag_seq", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
    for (const table of TAGGED_PAGE_TABLES)
      for (const operation of ["insert", "update", "delete"])
        await sql.raw(`drop trigger page_version_${table}_${operation}`).execute(db);
    const seq = "(select tag_seq from page_version where id = 1)";
    const product = (row: "new" | "old") =>
      `select 'product:' || product_id, ${seq} from product_variants where id = ${row}.variant_id`;
    const upsert = (selects: string[]) =>
      "update page_version set tag_seq = tag_seq + 1 where id = 1; " +
      `insert into page_tag_version (tag, version) select * from (${selects.join(" union all ")}) where true ` +
      "on conflict (tag) do update set version = excluded.version;";
    const lists = (when: string) => `select 'lists', ${seq} where ${when}`;
    const bodies: Record<string, Record<string, string>> = {
      stock: {
        insert: upsert([product("new"), lists("new.quantity > 0")]),
        update: upsert([
          product("new"),
          `${product("old")} and old.variant_id <> new.variant_id`,
          lists("(old.quantity > 0) <> (new.quantity > 0) or old.variant_id <> new.variant_id"),
        ]),
        delete: upsert([product("old"), lists("old.quantity > 0")]),
      },
      prices: {
        insert: upsert([product("new"), lists("1")]),
        update: upsert([product("new"), `${product("old")} and old.variant_id <> new.variant_id`, lists("1")]),
        delete: upsert([product("old"), lists("1")]),
      },
    };
    for (const [table, operations] of Object.entries(bodies))
      for (const [operation, body] of Object.entries(operations))
        await sql
          .raw(`create trigger page_tags_${table}_${operation} after ${operation} on ${table} begin ${body} end`)
          .execute(db);
    return;
  }

  for (const table of PUBLIC_PAGE_TABLES) await sql.raw(`drop trigger page_version_${table} on ${table}`).execute(db);
  await sql.raw("drop function bump_page_version()").execute(db);
  await sql
    .raw(`
      create function note_page_change() returns trigger language plpgsql as $$
      declare
        pending text := coalesce(current_setting('vitrine.page_tags', true), '');
        found text[];
        tag text;
      begin
        if coalesce(current_setting('vitrine.page_global', true), '') = 'yes' then return null; end if;
        if TG_TABLE_NAME not in ('stock', 'prices') then
          perform set_config('vitrine.page_global', 'yes', true);
          return null;
        end if;
        select array_agg('product:' || v.product_id) into found from product_variants v
          where (TG_OP <> 'DELETE' and v.id = NEW.variant_id) or (TG_OP <> 'INSERT' and v.id = OLD.variant_id);
        -- A variant gone in the same transaction: which product it was is unknown, so everything.
        if found is null then
          perform set_config('vitrine.page_global', 'yes', true);
          return null;
        end if;
        if TG_TABLE_NAME = 'prices' then
          found := found || 'lists'::text;
        elsif TG_OP = 'INSERT' then
          if NEW.quantity > 0 then found := found || 'lists'::text; end if;
        elsif TG_OP = 'DELETE' then
          if OLD.quantity > 0 then found := found || 'lists'::text; end if;
        elsif (OLD.quantity > 0) <> (NEW.quantity > 0) or OLD.variant_id <> NEW.variant_id then
          found := found || 'lists'::text;
        end if;
        foreach tag in array found loop
          if position(',' || tag || ',' in ',' || pending || ',') = 0 then
            pending := case when pending = '' then tag else pending || ',' || tag end;
          end if;
        end loop;
        if array_length(string_to_array(pending, ','), 1) > ${MAX_TAGS_PER_TRANSACTION} then
          perform set_config('vitrine.page_global', 'yes', true);
        else
          perform set_config('vitrine.page_tags', pending, true);
        end if;
        return null;
      end $$`)
    .execute(db);
  await sql
    .raw(`
      create function flush_page_changes() returns trigger language plpgsql as $$
      declare
        next_version bigint;
        bumped jsonb;
      begin
        if coalesce(current_setting('vitrine.page_flushed', true), '') = 'yes' then return null; end if;
        perform set_config('vitrine.page_flushed', 'yes', true);
        if coalesce(current_setting('vitrine.page_global', true), '') = 'yes' then
          update page_version set version = version + 1 where id = 1 returning version into next_version;
          perform pg_notify('${PAGE_VERSION_CHANNEL}',
            json_build_object('s', current_schema(), 'g', next_version)::text);
          return null;
        end if;
        if coalesce(current_setting('vitrine.page_tags', true), '') = '' then return null; end if;
        with noted as (
          select distinct unnest(string_to_array(current_setting('vitrine.page_tags', true), ',')) as tag
        ), bumps as (
          insert into page_tag_version (tag, version)
            select tag, 1 from noted order by tag
          on conflict (tag) do update set version = page_tag_version.version + 1
          returning tag, version
        )
        select jsonb_object_agg(tag, version) into bumped from bumps;
        perform pg_notify('${PAGE_VERSION_CHANNEL}', json_build_object('s', current_schema(), 't', bumped)::text);
        return null;
      end $$`)
    .execute(db);
  for (const table of PUBLIC_PAGE_TABLES) {
    await sql
      .raw(
        `create trigger page_note_${table} after insert or update or delete on ${table} for each row execute function note_page_change()`,
      )
      .execute(db);
    await sql
      .raw(
        `create constraint trigger page_flush_${table} after insert or update or delete on ${table} ` +
          "deferrable initially deferred for each row execute function flush_page_changes()",
      )
      .execute(db);
  }
}
