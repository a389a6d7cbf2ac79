import type { Generated, Insertable, Selectable } from "kysely";

/**
 * Database tables. Timestamps are ISO-8601 UTC text and booleans are 0/1 integers in both dialects,
 * so rows read the same from SQLite and PostgreSQL. Money is integer cents, tax excluded.
 */
export interface Database {
  categories: { id: number; parent_id: number | null; position: number; image_asset_id: number | null };
  category_translations: { category_id: number; culture: string; name: string; slug: string; description: string };
  brands: { id: number; name: string; slug: string; logo_asset_id: number | null };
  products: {
    id: number;
    category_id: number;
    brand_id: number;
    vat_class: string;
    is_active: number;
    is_featured: number;
    unit_measure: string | null;
    unit_content_milli: number | null;
    created_at: string;
  };
  product_translations: { product_id: number; culture: string; name: string; slug: string; description: string };
  attributes: { id: number; code: string; display_type: string; position: number };
  attribute_translations: { attribute_id: number; culture: string; name: string };
  attribute_values: {
    id: number;
    attribute_id: number;
    code: string;
    position: number;
    color_code1: string | null;
    color_code2: string | null;
    color_code3: string | null;
  };
  attribute_value_translations: { attribute_value_id: number; culture: string; name: string };
  product_variants: {
    id: number;
    product_id: number;
    sku: string;
    is_default: number;
    min_quantity: number;
    max_quantity: number | null;
    step_quantity: number;
  };
  variant_attribute_values: { variant_id: number; attribute_value_id: number };
  prices: { variant_id: number; min_quantity: number; amount_tax_excl: number };
  price_history: { id: Generated<number>; variant_id: number; amount_tax_excl: number; valid_from: string };
  countries: { id: number; code: string; is_eu: number; is_shipping_enabled: number; position: number };
  vat_rates: { country_id: number; vat_class: string; rate_basis_points: number };
  warehouses: { id: number; code: string; name: string; city: string; is_active: number };
  stock: { variant_id: number; warehouse_id: number; quantity: number };
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
  content_pages: { id: Generated<number>; key: string; published: number; created_at: string; updated_at: string };
  content_page_translations: {
    page_id: number;
    culture: string;
    slug: string;
    title: string;
    body: string;
    seo_description: string;
  };
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
  settings: { key: string; value: string };
  tags: { id: number; code: string };
  tag_translations: { tag_id: number; culture: string; name: string; slug: string };
  product_tags: { product_id: number; tag_id: number };
  product_relations: { product_id: number; related_product_id: number; position: number };
  product_frames: { product_id: number; asset_id: number; frame: number };
  customer_references: { customer_id: number; variant_id: number; reference: string; updated_at: string };
  product_assets: { product_id: number; asset_id: number; attribute_value_id: number | null; position: number };
  customers: {
    id: Generated<number>;
    email: string;
    password_hash: string;
    first_name: string;
    last_name: string;
    culture: string;
    is_business: number;
    company_name: string | null;
    vat_number: string | null;
    role: string;
    created_at: string;
    email_verified_at: string | null;
    totp_secret: string | null;
    totp_enabled_at: string | null;
    totp_last_step: number | null;
    default_billing_address_id: number | null;
    default_shipping_address_id: number | null;
    security_stamp: Generated<number>;
  };
  account_tokens: {
    id: Generated<number>;
    customer_id: number;
    /** "verify" (the address) or "reset" (the password). */
    purpose: string;
    token_hash: string;
    expires_at: string;
    used_at: string | null;
    created_at: string;
  };
  recovery_codes: { id: Generated<number>; customer_id: number; code_hash: string; used_at: string | null };
  sessions: { id: string; customer_id: number | null; data: string; expires_at: string; created_at: string };
  rate_limits: { key: string; window_start: string; hits: number };
  consent_records: {
    id: Generated<number>;
    anonymous_id: string;
    stamp: string;
    preferences: number;
    statistics: number;
    marketing: number;
    culture: string;
    created_at: string;
  };
  stock_notifications: {
    id: Generated<number>;
    variant_id: number;
    email: string;
    culture: string;
    customer_id: number | null;
    created_at: string;
    notified_at: string | null;
  };
  mail_outbox: {
    id: Generated<number>;
    to_address: string;
    subject: string;
    body: string;
    culture: string;
    created_at: string;
    sent_at: string | null;
    html: string | null;
  };
  carts: {
    id: Generated<number>;
    session_id: string | null;
    customer_id: number | null;
    shipping_country_id: number | null;
    billing_country_id: number | null;
    created_at: string;
    updated_at: string;
    shipping_method_id: number | null;
    coupon_id: number | null;
    vat_number: string | null;
    /** 1 valid, 0 invalid, null not checked or the service could not say. */
    vat_valid: number | null;
    /** JSON of the chosen pickup point (spec 001 saved pickup point payload). */
    pickup_point: string | null;
    /** JSON of the quantity adjustments not yet shown to the shopper. */
    adjustments: string | null;
    city_id: number | null;
  };
  cart_lines: {
    id: Generated<number>;
    cart_id: number;
    variant_id: number;
    quantity: number;
    item_origin: string;
    item_key: string;
    created_at: string;
    /** A top-up of this prepaid account (the prepaid credit variant), credited when the order is paid. */
    prepaid_account_id: number | null;
  };
  shipping_methods: {
    id: number;
    code: string;
    kind: string;
    carrier: string | null;
    position: number;
    is_active: number;
  };
  shipping_method_translations: { method_id: number; culture: string; name: string };
  shipping_rates: { method_id: number; country_id: number; amount_tax_excl: number; free_from_tax_incl: number | null };
  cities: {
    id: Generated<number>;
    country_id: number;
    postal_code: string;
    name: string;
    latitude: number | null;
    longitude: number | null;
  };
  pickup_points: {
    id: Generated<number>;
    name: string;
    street: string;
    postal_code: string;
    city: string;
    country_id: number;
    phone: string;
    latitude: number;
    longitude: number;
    hours: string;
    is_active: number;
  };
  addresses: {
    id: Generated<number>;
    customer_id: number;
    address_type: string;
    first_name: string;
    last_name: string;
    company: string | null;
    street1: string;
    street2: string | null;
    postal_code: string;
    city: string;
    country_id: number;
    phone: string | null;
    created_at: string;
  };
  coupons: {
    id: Generated<number>;
    code: string;
    kind: string;
    value: number;
    min_amount_tax_incl: number;
    valid_from: string | null;
    valid_to: string | null;
    max_uses: number | null;
    max_uses_per_customer: number | null;
    category_id: number | null;
    brand_id: number | null;
    customer_id: number | null;
    is_active: number;
  };
  coupon_uses: {
    id: Generated<number>;
    coupon_id: number;
    order_id: number;
    customer_id: number | null;
    email: string;
    created_at: string;
  };
  orders: {
    id: Generated<number>;
    number: string;
    idempotency_key: string;
    customer_id: number | null;
    session_key: string | null;
    email: string;
    culture: string;
    status: string;
    shipping_method_id: number;
    billing_country_id: number;
    shipping_country_id: number;
    vat_number: string | null;
    reverse_charge: number;
    coupon_id: number | null;
    items_tax_excl: number;
    discount_tax_excl: number;
    shipping_tax_excl: number;
    vat_amount: number;
    total_tax_incl: number;
    billing_address: string;
    shipping_address: string;
    created_at: string;
    paid_at: string | null;
    /** The prepaid account part of the total was paid from, and how much (cents, tax included). */
    prepaid_account_id: number | null;
    prepaid_amount: number;
    shipped_at: string | null;
  };
  prepaid_accounts: {
    id: Generated<number>;
    customer_id: number;
    name: string;
    balance: number;
    notify_usage: number;
    low_balance_threshold: number;
    created_at: string;
  };
  prepaid_movements: {
    id: Generated<number>;
    account_id: number;
    amount: number;
    /** TopUp (credited on payment), Payment (debited by an order), Release (an unpaid order's debit given back). */
    kind: string;
    order_id: number | null;
    balance_after: number;
    label: string | null;
    created_at: string;
  };
  refund_requests: {
    id: Generated<number>;
    order_id: number;
    customer_id: number;
    /** Requested, Accepted, Refused, Refunded. */
    status: string;
    /** Original (the way it was paid), BankTransfer, Prepaid. */
    method: string;
    iban: string | null;
    account_holder: string | null;
    reason: string | null;
    items: number;
    amount: number;
    created_at: string;
  };
  refund_request_lines: { request_id: number; order_line_id: number; quantity: number; amount: number };
  wishlists: { id: Generated<number>; customer_id: number; name: string; description: string; created_at: string };
  wishlist_items: {
    id: Generated<number>;
    wishlist_id: number;
    variant_id: number;
    quantity: number;
    created_at: string;
  };
  birth_lists: {
    id: Generated<number>;
    customer_id: number;
    name: string;
    description: string;
    /** The parents' names, as visitors search for them. */
    parents: string;
    /** YYYY-MM-DD, or null when not told. */
    due_date: string | null;
    message: string;
    created_at: string;
    /** Set when its owner deleted it after gifts were paid: kept for those orders, shown to nobody. */
    archived_at: Generated<string | null>;
  };
  birth_list_items: {
    id: Generated<number>;
    birth_list_id: number;
    variant_id: number;
    /** Wanted. */
    quantity: number;
    /** Given by paid orders, never above `quantity` (the surplus is on the gift). */
    given_quantity: Generated<number>;
    is_priority: Generated<number>;
    created_at: string;
    /** Set when its owner removed it after gifts were ordered for it: kept for those orders, shown to nobody. */
    removed_at: Generated<string | null>;
  };
  birth_list_gifts: {
    id: Generated<number>;
    item_id: number;
    order_line_id: number | null;
    giver_name: string;
    quantity: number;
    over_quantity: number;
    created_at: string;
  };
  delivery_address_changes: {
    id: Generated<number>;
    order_id: number;
    customer_id: number;
    address: string;
    status: string;
    created_at: string;
  };
  order_stock_takes: {
    id: Generated<number>;
    order_id: number;
    variant_id: number;
    warehouse_id: number;
    quantity: number;
  };
  order_lines: {
    id: Generated<number>;
    order_id: number;
    variant_id: number;
    sku: string;
    name: string;
    quantity: number;
    unit_tax_excl: number;
    vat_rate_basis_points: number;
    line_tax_excl: number;
    prepaid_account_id: number | null;
    /** A gift bought from a birth list: its item, credited when the order is paid. */
    birth_list_item_id: number | null;
  };
  payments: {
    id: string;
    order_id: number;
    provider: string;
    amount: number;
    status: string;
    psp_reference: string | null;
    event_date: string | null;
    created_at: string;
    updated_at: string;
  };
  payment_events: {
    id: Generated<number>;
    payment_id: string;
    event_code: string;
    psp_reference: string;
    success: number;
    event_date: string;
    received_at: string;
  };
}

export type CustomerRow = Selectable<Database["customers"]>;
export type NewCustomer = Insertable<Database["customers"]>;
export type AddressRow = Selectable<Database["addresses"]>;
