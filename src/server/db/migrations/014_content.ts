import type { Kysely } from "kysely";
import { tableWithId } from "./columns";
import type { Dialect } from "./index";

/**
 * Editorial content (spec 001: news, banners, popups; DESIGN.md section 6: CMS pages with island tags),
 * one translation row per culture, and the site settings the browser may read (the maps key).
 * Times are ISO 8601 UTC text, like the rest of the schema.
 */
export async function m014_content(anyDb: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the schema builder is untyped by design in migrations
  const db = anyDb as Kysely<any>;
  await tableWithId(db, dialect, "content_pages")
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("content_page_translations")
    .addColumn("page_id", "integer", (c) => c.notNull().references("content_pages.id").onDelete("cascade"))
    .addColumn("culture", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("seo_description", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("content_page_translations_pk", ["page_id", "culture"])
    .addUniqueConstraint("content_page_translations_slug", ["culture", "slug"])
    .execute();

  await tableWithId(db, dialect, "news_categories")
    .addColumn("parent_id", "integer", (c) => c.references("news_categories.id"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("news_category_translations")
    .addColumn("category_id", "integer", (c) => c.notNull().references("news_categories.id").onDelete("cascade"))
    .addColumn("culture", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("news_category_translations_pk", ["category_id", "culture"])
    .execute();
  await tableWithId(db, dialect, "news")
    .addColumn("category_id", "integer", (c) => c.notNull().references("news_categories.id"))
    .addColumn("published_at", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("image_asset_id", "integer", (c) => c.references("assets.id"))
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("news_published_at").on("news").columns(["published", "published_at"]).execute();
  await db.schema
    .createTable("news_translations")
    .addColumn("news_id", "integer", (c) => c.notNull().references("news.id").onDelete("cascade"))
    .addColumn("culture", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("news_translations_pk", ["news_id", "culture"])
    .addUniqueConstraint("news_translations_slug", ["culture", "slug"])
    .execute();
  await db.schema
    .createTable("news_gallery")
    .addColumn("news_id", "integer", (c) => c.notNull().references("news.id").onDelete("cascade"))
    .addColumn("asset_id", "integer", (c) => c.notNull().references("assets.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("news_gallery_pk", ["news_id", "position"])
    .execute();

  await tableWithId(db, dialect, "banners")
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("duration_ms", "integer")
    .addColumn("fade", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("closable", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("end_at", "text")
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await tableWithId(db, dialect, "banner_slides")
    .addColumn("banner_id", "integer", (c) => c.notNull().references("banners.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("asset_id", "integer", (c) => c.references("assets.id"))
    .addColumn("video_provider", "text")
    .addColumn("video_id", "text")
    .addColumn("link_url", "text")
    .execute();
  await db.schema
    .createTable("banner_slide_translations")
    .addColumn("slide_id", "integer", (c) => c.notNull().references("banner_slides.id").onDelete("cascade"))
    .addColumn("culture", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("link_label", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("banner_slide_translations_pk", ["slide_id", "culture"])
    .execute();

  await tableWithId(db, dialect, "popups")
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("end_at", "text")
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("popup_translations")
    .addColumn("popup_id", "integer", (c) => c.notNull().references("popups.id").onDelete("cascade"))
    .addColumn("culture", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("popup_translations_pk", ["popup_id", "culture"])
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}
