import type { Generated } from "kysely";

/** The tables the banners feature owns (src/server/db/schema.ts assembles every feature's). */
export interface BannersTables {
  banners: {
    id: Generated<number>;
    key: string;
    duration_ms: number | null;
    fade: number;
    closable: number;
    end_at: string | null;
    published: number;
    updated_at: string;
  };
  banner_slides: {
    id: Generated<number>;
    banner_id: number;
    position: number;
    asset_id: number | null;
    video_provider: string | null;
    video_id: string | null;
    link_url: string | null;
  };
  banner_slide_translations: { slide_id: number; culture: string; title: string; text: string; link_label: string };
  popups: { id: Generated<number>; key: string; end_at: string | null; published: number; updated_at: string };
  popup_translations: { popup_id: number; culture: string; title: string; body: string };
}
