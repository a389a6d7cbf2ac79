import type { Kysely } from "kysely";
import { movesPublicVersion } from "./columns";
import type { Dialect } from "./index";

/**
 * The shop's settings as its owner sets them in the back office (issue 72): its name, addresses, company
 * and VAT numbers, mail sender and reply-to, over the environment's. They are on every page (the footer,
 * titles) and in every mail, so a change moves the one version of everything public, with the triggers of
 * 015 and 018: every process hears it and reads them again.
 */
export async function m035_shop_settings(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await db.schema
    .createTable("shop_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .execute();
  await movesPublicVersion(db, dialect, "shop_settings");
}
