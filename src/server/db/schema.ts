import type { Generated, Insertable, Selectable } from "kysely";
import type { AccountTables } from "~/features/account/account.tables";
import type { AssetsTables } from "~/features/assets/assets.tables";
import type { BannersTables } from "~/features/banners/banners.tables";
import type { BirthlistsTables } from "~/features/birthlists/birthlists.tables";
import type { CartTables } from "~/features/cart/cart.tables";
import type { CatalogTables } from "~/features/catalog/catalog.tables";
import type { ConsentTables } from "~/features/consent/consent.tables";
import type { ContentTables } from "~/features/content/content.tables";
import type { CouponsTables } from "~/features/coupons/coupons.tables";
import type { CustomersTables } from "~/features/customers/customers.tables";
import type { IntegrationTables } from "~/features/integration/integration.tables";
import type { NewsTables } from "~/features/news/news.tables";
import type { OrdersTables } from "~/features/orders/orders.tables";
import type { PaymentTables } from "~/features/payment/payment.tables";
import type { PickupTables } from "~/features/pickup/pickup.tables";
import type { PrepaidTables } from "~/features/prepaid/prepaid.tables";
import type { PricingTables } from "~/features/pricing/pricing.tables";
import type { RefundsTables } from "~/features/refunds/refunds.tables";
import type { StaffTables } from "~/features/staff/staff.tables";
import type { WishlistsTables } from "~/features/wishlists/wishlists.tables";

/**
 * Database tables. Timestamps are ISO-8601 UTC text and booleans are 0/1 integers in both dialects,
 * so rows read the same from SQLite and PostgreSQL. Money is integer cents, tax excluded.
 */

/** Tables of the kernel (src/server): sessions, rate limits, the mail outbox. */
export interface KernelTables {
  sessions: { id: string; customer_id: number | null; data: string; expires_at: string; created_at: string };
  rate_limits: { key: string; window_start: string; hits: number };
  /** The shop's settings as its owner set them (issue 72), over the environment's: `SHOP_NAME`, `MAIL_FROM`… */
  shop_settings: { key: string; value: string; updated_at: string; updated_by: string };
  mail_outbox: {
    id: Generated<number>;
    to_address: string;
    subject: string;
    body: string;
    culture: string;
    created_at: string;
    sent_at: string | null;
    html: string | null;
    attempts: Generated<number>;
    next_attempt_at: string | null;
    last_error: string | null;
    failed_at: string | null;
    claimed_until: string | null;
  };
}

/**
 * Every table, assembled from the features' `<domain>.tables.ts` (each feature owns and writes its own:
 * tests/unit/architecture.test.ts) and the kernel's.
 */
export interface Database
  extends AccountTables,
    AssetsTables,
    BannersTables,
    BirthlistsTables,
    CartTables,
    CatalogTables,
    ConsentTables,
    ContentTables,
    CouponsTables,
    IntegrationTables,
    CustomersTables,
    NewsTables,
    OrdersTables,
    PaymentTables,
    PickupTables,
    PrepaidTables,
    PricingTables,
    RefundsTables,
    StaffTables,
    WishlistsTables,
    KernelTables {}

export type CustomerRow = Selectable<Database["customers"]>;
export type NewCustomer = Insertable<Database["customers"]>;
export type AddressRow = Selectable<Database["addresses"]>;
