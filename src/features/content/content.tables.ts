import type { Generated } from "kysely";

/** The tables the content feature owns (src/server/db/schema.ts assembles every feature's). */
export interface ContentTables {
  content_pages: { id: Generated<number>; key: string; published: number; created_at: string; updated_at: string };
  content_page_translations: {
    page_id: number;
    culture: string;
    slug: string;
    title: string;
    body: string;
    seo_description: string;
  };
  settings: { key: string; value: string };
}
