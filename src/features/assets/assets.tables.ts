import type { Generated } from "kysely";

/** The tables the assets feature owns (src/server/db/schema.ts assembles every feature's). */
export interface AssetsTables {
  asset_folders: { id: Generated<number>; parent_id: number | null; name: string; item_level: number };
  assets: {
    id: Generated<number>;
    guid: string;
    folder_id: number;
    name: string;
    original_file_name: string;
    mime_type: string;
    width: number;
    height: number;
    size: number;
    storage_key: string;
    created_at: string;
    /** The address an import fetched it from (null: uploaded); the next import of that address reuses it. */
    source_url: string | null;
  };
  asset_uploads: {
    tmp_name: string;
    customer_id: number;
    file_type: string;
    mime_type: string;
    original_file_name: string;
    width: number;
    height: number;
    size: number;
    created_at: string;
  };
}
