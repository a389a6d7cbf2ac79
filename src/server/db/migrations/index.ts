import type { Kysely, Migration } from "kysely";
import { m001_foundation } from "./001_foundation";
import { m002_consent } from "./002_consent";
import { m003_stock_notifications } from "./003_stock_notifications";
import { m004_catalogue_extras } from "./004_catalogue_extras";
import { m005_checkout } from "./005_checkout";
import { m006_neutral_hours } from "./006_neutral_hours";
import { m007_order_stock_takes } from "./007_order_stock_takes";
import { m008_accounts } from "./008_accounts";
import { m009_after_sale } from "./009_after_sale";
import { m010_wishlists } from "./010_wishlists";
import { m011_birth_lists } from "./011_birth_lists";
import { m012_brand_logos } from "./012_brand_logos";
import { m013_asset_library } from "./013_asset_library";
import { m014_content } from "./014_content";
import { m015_page_version } from "./015_page_version";
import { m016_birth_list_archive } from "./016_birth_list_archive";
import { m017_outbox_delivery } from "./017_outbox_delivery";
import { m018_page_tags } from "./018_page_tags";
import { m019_sweeper_runs } from "./019_sweeper_runs";
import { m020_payment_providers } from "./020_payment_providers";
import { m021_integration } from "./021_integration";
import { m022_catalogue_keys_webhooks } from "./022_catalogue_keys_webhooks";
import { m023_product_updated_at } from "./023_product_updated_at";
import { m024_withdrawals_and_closures } from "./024_withdrawals_and_closures";
import { m025_sale_ends } from "./025_sale_ends";
import { m026_shipping_on_pages } from "./026_shipping_on_pages";
import { m027_pickup_point_codes } from "./027_pickup_point_codes";
import { m028_payment_starts } from "./028_payment_starts";
import { m029_order_amounts_tax_included } from "./029_order_amounts_tax_included";
import { m030_order_access_keys } from "./030_order_access_keys";
import { m031_delivery_days_and_apparel } from "./031_delivery_days_and_apparel";
import { m032_asset_source_url } from "./032_asset_source_url";
import { m033_products_in_list_order } from "./033_products_in_list_order";
import { m034_staff_roles } from "./034_staff_roles";
import { m035_shop_settings } from "./035_shop_settings";
import { m036_vat_classes } from "./036_vat_classes";
import { m037_staff_notes } from "./037_staff_notes";

export type Dialect = "sqlite" | "postgres";

/** One migration set for both dialects; each migration gets the dialect for the few types that differ. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    "001_foundation": {
      up: (db: Kysely<unknown>) => m001_foundation(db, dialect),
    },
    "002_consent": {
      up: (db: Kysely<unknown>) => m002_consent(db, dialect),
    },
    "003_stock_notifications": {
      up: (db: Kysely<unknown>) => m003_stock_notifications(db, dialect),
    },
    "004_catalogue_extras": {
      up: (db: Kysely<unknown>) => m004_catalogue_extras(db, dialect),
    },
    "005_checkout": {
      up: (db: Kysely<unknown>) => m005_checkout(db, dialect),
    },
    "006_neutral_hours": {
      up: (db: Kysely<unknown>) => m006_neutral_hours(db),
    },
    "007_order_stock_takes": {
      up: (db: Kysely<unknown>) => m007_order_stock_takes(db, dialect),
    },
    "008_accounts": {
      up: (db: Kysely<unknown>) => m008_accounts(db, dialect),
    },
    "009_after_sale": {
      up: (db: Kysely<unknown>) => m009_after_sale(db, dialect),
    },
    "010_wishlists": {
      up: (db: Kysely<unknown>) => m010_wishlists(db, dialect),
    },
    "011_birth_lists": {
      up: (db: Kysely<unknown>) => m011_birth_lists(db, dialect),
    },
    "012_brand_logos": {
      up: (db: Kysely<unknown>) => m012_brand_logos(db),
    },
    "013_asset_library": {
      up: (db: Kysely<unknown>) => m013_asset_library(db, dialect),
    },
    "014_content": {
      up: (db: Kysely<unknown>) => m014_content(db, dialect),
    },
    "015_page_version": {
      up: (db: Kysely<unknown>) => m015_page_version(db, dialect),
    },
    "016_birth_list_archive": {
      up: (db: Kysely<unknown>) => m016_birth_list_archive(db),
    },
    "017_outbox_delivery": {
      up: (db: Kysely<unknown>) => m017_outbox_delivery(db),
    },
    "018_page_tags": {
      up: (db: Kysely<unknown>) => m018_page_tags(db, dialect),
    },
    "019_sweeper_runs": {
      up: (db: Kysely<unknown>) => m019_sweeper_runs(db),
    },
    "020_payment_providers": {
      up: (db: Kysely<unknown>) => m020_payment_providers(db, dialect),
    },
    "021_integration": {
      up: (db: Kysely<unknown>) => m021_integration(db, dialect),
    },
    "022_catalogue_keys_webhooks": {
      up: (db: Kysely<unknown>) => m022_catalogue_keys_webhooks(db, dialect),
    },
    "023_product_updated_at": {
      up: (db: Kysely<unknown>) => m023_product_updated_at(db),
    },
    "024_withdrawals_and_closures": {
      up: (db: Kysely<unknown>) => m024_withdrawals_and_closures(db, dialect),
    },
    "025_sale_ends": {
      up: (db: Kysely<unknown>) => m025_sale_ends(db),
    },
    "026_shipping_on_pages": {
      up: (db: Kysely<unknown>) => m026_shipping_on_pages(db, dialect),
    },
    "027_pickup_point_codes": {
      up: (db: Kysely<unknown>) => m027_pickup_point_codes(db),
    },
    "028_payment_starts": {
      up: (db: Kysely<unknown>) => m028_payment_starts(db),
    },
    "029_order_amounts_tax_included": {
      up: (db: Kysely<unknown>) => m029_order_amounts_tax_included(db),
    },
    "030_order_access_keys": {
      up: (db: Kysely<unknown>) => m030_order_access_keys(db),
    },
    "031_delivery_days_and_apparel": {
      up: (db: Kysely<unknown>) => m031_delivery_days_and_apparel(db),
    },
    "032_asset_source_url": {
      up: (db: Kysely<unknown>) => m032_asset_source_url(db),
    },
    "033_products_in_list_order": {
      up: (db: Kysely<unknown>) => m033_products_in_list_order(db),
    },
    "034_staff_roles": {
      up: (db: Kysely<unknown>) => m034_staff_roles(db, dialect),
    },
    "035_shop_settings": {
      up: (db: Kysely<unknown>) => m035_shop_settings(db, dialect),
    },
    "036_vat_classes": {
      up: (db: Kysely<unknown>) => m036_vat_classes(db),
    },
    "037_staff_notes": {
      up: (db: Kysely<unknown>) => m037_staff_notes(db),
    },
  };
}
