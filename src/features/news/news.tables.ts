import type { Generated } from "kysely";

/** The tables the news feature owns (src/server/db/schema.ts assembles every feature's). */
export interface NewsTables {
  news_categories: { id: Generated<number>; parent_id: number | null; position: number };
  news_category_translations: { category_id: number; culture: string; name: string };
  news: {
    id: Generated<number>;
    category_id: number;
    published_at: string;
    author: string;
    image_asset_id: number | null;
    published: number;
    created_at: string;
    updated_at: string;
  };
  news_translations: { news_id: number; culture: string; slug: string; title: string; summary: string; body: string };
  news_gallery: { news_id: number; asset_id: number; position: number };
}
