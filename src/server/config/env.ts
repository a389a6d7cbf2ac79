import { z } from "zod";
import { CULTURES } from "~/lib/culture";

/** The sandbox payment provider's webhook key: public, fit for this machine only (see parseEnv). */
export const SANDBOX_HMAC_KEY = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const databaseUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      if (value.startsWith("postgres://") || value.startsWith("postgresql://")) {
        try {
          const url = new URL(value);
          return url.hostname.length > 0 && url.pathname.length > 1;
        } catch {
          return false;
        }
      }
      return /^(file:|sqlite:)?[^\s:]+\.(sqlite|sqlite3|db)$/.test(value) || value === ":memory:";
    },
    {
      message:
        "must be a postgres:// URL with a host and a database name, or a SQLite file path ending in .sqlite, .sqlite3 or .db",
    },
  );

export const SETTINGS_SCHEMA = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: databaseUrl.default("data/vitrine.sqlite"),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\/[^\s]+$/, "must be a redis:// or rediss:// URL")
    .optional(),
  DEFAULT_CULTURE: z.enum(CULTURES).default("fr"),
  COOKIE_SECURE: booleanFlag.optional(),
  ENABLE_DEV_ISLANDS: booleanFlag.optional(),
  ASSETS_DIR: z.string().trim().min(1).default("data/assets"),
  /**
   * Asset files in an S3-compatible bucket instead of ASSETS_DIR:
   * `s3://BUCKET[/prefix]?endpoint=http://host:port&region=REGION&forcePathStyle=true`; credentials
   * from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.
   */
  ASSETS_S3_URL: z
    .string()
    .trim()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[^?\s]*)?(\?[^\s]*)?$/, "s3://bucket?endpoint=...&region=...")
    .optional(),
  /**
   * With ASSETS_S3_URL: media answer a redirect to a presigned URL of the store valid this many seconds
   * (the bytes then go from the store to the browser, not through the server); 0 streams them (default).
   */
  ASSETS_S3_SIGNED_URL_SECONDS: z.coerce.number().int().min(0).max(604_800).default(0),
  SEED_PRODUCTS: z.coerce.number().int().min(1).max(100000).default(200),
  SEED: z.coerce.number().int().min(0).default(1),
  /** Proxies in front of the server that append to X-Forwarded-For: false (none), true (one) or a count. */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|yes|no|\d{1,2})$/, "true, false or the number of proxies in front of the server")
    .transform((v) => (v === "true" || v === "yes" ? 1 : v === "false" || v === "no" ? 0 : Number(v)))
    .default(0),
  /** Sign-in attempts one address may make in 15 minutes (raise it where many shoppers share one address). */
  SIGN_IN_ATTEMPTS_PER_IP: z.coerce.number().int().min(5).max(100000).default(30),
  /** Version of the cookie-consent texts and categories; changing it asks every visitor again. */
  CONSENT_STAMP: z
    .string()
    .trim()
    .regex(/^[\w.:-]{1,64}$/, "letters, digits, dots, colons, dashes, at most 64")
    .default("2026-11-01"),
  /** The older cookie-law banner of spec 001 (off by default: the consent dialog replaces it). */
  COOKIE_LAW_BANNER: booleanFlag.default(false),
  /** EU VIES REST service base (…/vies/rest-api); unset means VAT numbers are checked locally only (validity unknown). */
  VIES_URL: z.url({ protocol: /^https?$/ }).optional(),
  VIES_TIMEOUT_MS: z.coerce.number().int().min(100).max(30000).default(3000),
  /** SMTP server for order mails (smtp://user:pass@host:587); unset keeps mails in the outbox, readable in development. */
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default("Vitrine <shop@vitrine.test>"),
  /** The shop's own inbox: refund and delivery-address change requests are mailed there; in the footer too. */
  SHOP_EMAIL: z.email().default("shop@vitrine.test"),
  /**
   * The shop's name: page titles, the header's logo, the footer, mails, the product feeds, the authenticator
   * app's entry. Unset: "Vitrine" in the demo shop; elsewhere MAIL_FROM's display name, or SITE_URL's host.
   */
  SHOP_NAME: z.string().trim().min(1).max(60).optional(),
  /**
   * The EU's One-Stop Shop (issue 72): true, a consumer in another member state pays her country's VAT (a
   * shop registered for OSS, or past the EU's 10,000 EUR a year); false, every EU consumer pays the shop's
   * own country's rates. Outside the EU and under reverse charge nothing changes.
   */
  VAT_OSS: booleanFlag.default(true),
  /** Where replies to the shop's mails go (a mail's Reply-To); unset: to MAIL_FROM. */
  MAIL_REPLY_TO: z.email().optional(),
  /** The company that runs the shop, its registration number and its VAT number (the footer, invoices). */
  COMPANY_NAME: z.string().trim().min(2).max(120).optional(),
  COMPANY_NUMBER: z.string().trim().min(2).max(40).optional(),
  VAT_NUMBER: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}[0-9A-Z+*.]{2,13}$/, "must be a VAT number with its country prefix, such as BE0403019261")
    .optional(),
  /** The shop's postal address, one line in every page's footer (the demo's in the demo; none when unset elsewhere). */
  SHOP_ADDRESS: z.string().trim().min(5).max(200).optional(),
  /** The shop's phone number in the footer (the demo's in the demo; none when unset elsewhere). */
  SHOP_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ().-]{4,24}$/, "must be a phone number: digits, spaces and + ( ) . -")
    .optional(),
  /** Secret of the payment webhooks' HMAC signature (hex); the sandbox provider signs with it too. */
  PAYMENT_HMAC_KEY: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{32,128}$/, "32 to 128 hexadecimal characters")
    .default(SANDBOX_HMAC_KEY),
  /**
   * Who takes payments: `adyen` (sessions flow, ADYEN_*), `mollie` (MOLLIE_*), `sandbox` (any Luhn-valid
   * number pays; refused on a public site) or `none` (orders cannot be paid online yet). Default: sandbox on
   * this machine, none on a public site.
   */
  PAYMENT_PROVIDER: z.enum(["sandbox", "adyen", "mollie", "none"]).optional(),
  /** How long a call to the payment provider may take before the shopper is told to try again. */
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(10_000),
  /** Adyen: the Checkout API key (X-API-Key), the merchant account, the client key of the Drop-in. */
  ADYEN_API_KEY: z.string().trim().min(8).max(400).optional(),
  ADYEN_MERCHANT_ACCOUNT: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{2,80}$/)
    .optional(),
  ADYEN_CLIENT_KEY: z
    .string()
    .trim()
    .regex(/^(test|live)_[A-Za-z0-9]{8,64}$/, "test_… or live_…")
    .optional(),
  /** The HMAC key of the notification webhook (hex); during a rotation, the old one in ADYEN_HMAC_KEY_PREVIOUS. */
  ADYEN_HMAC_KEY: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{32,128}$/, "32 to 128 hexadecimal characters")
    .optional(),
  ADYEN_HMAC_KEY_PREVIOUS: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{32,128}$/, "32 to 128 hexadecimal characters")
    .optional(),
  ADYEN_ENVIRONMENT: z.enum(["test", "live"]).default("test"),
  /**
   * Base URL of the Checkout API, version included. Default on test: https://checkout-test.adyen.com/v71;
   * live needs your account's prefix: https://{prefix}-checkout-live.adyenpayments.com/checkout/v71.
   */
  ADYEN_CHECKOUT_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where the payment page loads Adyen Web (Drop-in) from; its origin enters that page's CSP only. */
  ADYEN_SDK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Mollie: the API key (test_… or live_…) and the API's base URL (tests point it at a local fake). */
  MOLLIE_API_KEY: z
    .string()
    .trim()
    .regex(/^(test|live)_[A-Za-z0-9]{20,60}$/, "test_… or live_…")
    .optional(),
  MOLLIE_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.mollie.com"),
  /**
   * Seed the demo shop (products, demo accounts, coupons, content) into an empty database. Default: on,
   * except in production on a public SITE_URL, where an empty database becomes an empty shop.
   */
  DEMO_SHOP: booleanFlag.optional(),
  /** Every how many milliseconds each process sends the mails waiting in the outbox. */
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(200).max(600_000).default(10_000),
  /** Tries before a mail is marked failed (the delays between them grow: 30 s, 1 min, 2 min...). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** How long in-flight requests may take to finish after SIGTERM before they are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** pino's levels; `silent` logs nothing. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * `json` (one line per event, for a collector) or `pretty` (for a person). Default: pretty when the
   * output is a terminal, json otherwise.
   */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  /** Log every request (one JSON line each); health checks only with LOG_HEALTH_CHECKS. */
  ACCESS_LOG: booleanFlag.default(true),
  LOG_HEALTH_CHECKS: booleanFlag.default(false),
  /**
   * Bearer token of `GET /metrics` (Prometheus). Unset: the endpoint is off in production, open in
   * development and tests.
   */
  METRICS_TOKEN: z.string().trim().min(16, "at least 16 characters").max(200).optional(),
  /** Minutes an order may await its payment before its units go back to stock (0: never). */
  UNPAID_ORDER_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 30)
    .default(60),
  /** Whether shoppers may add addresses, and edit saved ones, from the checkout's address popup. */
  ADDRESS_CREATE: booleanFlag.default(true),
  ADDRESS_EDIT: booleanFlag.default(true),
  /**
   * A Nominatim-compatible geocoder (`{base}/search?format=jsonv2&street=&postalcode=&city=&countrycodes=`):
   * the pickup search's address field is then located to the street; unset, it filters the found points.
   */
  GEOCODER_URL: z.url({ protocol: /^https?$/ }).optional(),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30000).default(3000),
  /**
   * A tag-manager container (a GTM-style id): its script loads from TAG_MANAGER_ORIGIN only after the
   * TAG_MANAGER_CONSENT category is accepted, and that origin enters the CSP only when the id is set.
   */
  TAG_MANAGER_ID: z
    .string()
    .trim()
    .regex(/^[A-Z]{2,4}-[A-Z0-9]{4,16}$/)
    .optional(),
  TAG_MANAGER_ORIGIN: z.url({ protocol: /^https?$/ }).default("https://www.googletagmanager.com"),
  TAG_MANAGER_CONSENT: z.enum(["statistics", "marketing"]).default("statistics"),
  /** MapLibre style that replaces the offline basemap in production. */
  MAP_STYLE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Map types a shopper may choose between (spec 001's map type and map-type control), as
   * `name=styleUrl` pairs separated by commas: `roadmap=https://…/streets.json,satellite=https://…`.
   * The first is the default; MAP_STYLE_URL alone is one type, `roadmap`.
   */
  MAP_STYLES: z
    .string()
    .trim()
    .max(4000)
    .regex(
      /^[a-z][a-z0-9-]{0,30}=https?:\/\/[^,\s]+(,[a-z][a-z0-9-]{0,30}=https?:\/\/[^,\s]+){0,7}$/,
      "name=https://style.json pairs, separated by commas (at most 8)",
    )
    .optional(),
  /** The maps key answered when the `GoogleFrontAPIKey` setting is empty (spec 001). */
  MAPS_API_KEY_FALLBACK: z.string().trim().max(200).default(""),
  /** PostgreSQL connections each process may open (its page-cache listener is one more). */
  // Two at least: a sweeper holds one for its lock while its work takes another (src/server/background.ts).
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).default(10),
  /**
   * How long a request waits for a PostgreSQL connection (a new one, or one of the pool's while all are
   * busy) before it is answered 503: a database host that drops packets instead of refusing them would
   * keep requests waiting for the system's two minutes.
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  /** Prefix of every Redis key: one Redis for several shops or environments. */
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:_.-]{1,40}$/, "letters, digits and : _ . - (at most 40)")
    .default("vitrine:"),
  /** How long a cached public page may serve, in seconds (0: no page cache). Data changes end it at once. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * How long the production server may answer a shopper's summary itself (0: never), in seconds; a change
   * to her session, her account or public data ends it at once (decision 063).
   */
  PERSONAL_MEMO_SECONDS: z.coerce.number().int().min(0).max(3600).default(600),
  /** Memory the page cache may hold, in megabytes (compressed pages). */
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** Lifetime of a visitor's session without a customer (renewed while used). */
  ANONYMOUS_SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(48),
  /** New sessions one client address may open in an hour (a cookie-less script opens one per request). */
  SESSIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(10).max(1_000_000).default(300),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 30),
  /** Requests one integration API token may make in a minute (429 past it). */
  API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** The largest catalogue CSV an import reads, in megabytes (413 past it). */
  IMPORT_MAX_MB: z.coerce.number().int().min(1).max(10_000).default(100),
  /** The first wait before a failed webhook delivery is sent again (then doubling, at most an hour), in seconds. */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  /** A webhook delivery still failing this long after its event is given up (staff may replay it). */
  WEBHOOK_GIVE_UP_HOURS: z.coerce
    .number()
    .min(0.0001)
    .max(24 * 30)
    .default(24),
  /** A variant's units (all warehouses) at or below which an order tells the merchant's webhooks `stock.low`. */
  STOCK_LOW_THRESHOLD: z.coerce.number().int().min(0).max(1_000_000).default(3),
  // The shop's return policy as search engines read it (schema.org MerchantReturnPolicy): the days a
  // shopper has to send an item back (the EU's withdrawal period at least), and who pays the return.
  RETURN_DAYS: z.coerce.number().int().min(14).max(365).default(14),
  RETURN_FEES: z.enum(["free", "customer"]).default("customer"),
  // How long the orders of a closed account keep their buyer's name and addresses (the books' legal
  // retention: 10 years in France and Germany, 7 in Belgium); then a daily sweep erases them.
  ORDER_RETENTION_YEARS: z.coerce.number().int().min(1).max(30).default(10),
  /**
   * Strict-Transport-Security's max-age in seconds, sent when SITE_URL is a public https address (0: not
   * sent). HSTS_PRELOAD adds includeSubDomains and preload, for hstspreload.org (max-age of a year at least).
   */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).max(63_072_000).default(31_536_000),
  HSTS_PRELOAD: booleanFlag.default(false),
  /** Business days from an order to its dispatch at most (product pages' delivery time, with each rate's transit days). */
  HANDLING_DAYS: z.coerce.number().int().min(0).max(30).default(1),
  /** How long a merchant's webhook endpoint may take to answer one delivery. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Uploads and crops one editor may make in 10 minutes (each request counts once). */
  ASSET_WRITES_PER_EDITOR: z.coerce.number().int().min(1).max(100_000).default(120),
  /** Uploads and crops one client address may make in 10 minutes, whoever is signed in. */
  ASSET_WRITES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(240),
  /** The asset library's total size (assets and uploads waiting for their form), in megabytes. */
  ASSET_LIBRARY_QUOTA_MB: z.coerce.number().int().min(1).max(10_000_000).default(5120),
  /** How long a catalogue import may take to fetch one photo given by its address (redirects included). */
  IMAGE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Images decoded at once (uploads, crops, renditions); the rest wait their turn. */
  IMAGE_DECODES_AT_ONCE: z.coerce.number().int().min(1).max(16).default(1),
});

export type Env = Omit<z.infer<typeof SETTINGS_SCHEMA>, "SHOP_NAME"> & {
  /** SHOP_NAME, or what names the shop when it is unset (never the project's name outside the demo). */
  SHOP_NAME: string;
  isProduction: boolean;
  cookieSecure: boolean;
  devIslands: boolean;
  siteUrl: string;
  /** Origins whose state changes are accepted: SITE_URL, or this machine's loopback names when it is unset. */
  allowedOrigins: string[];
  databaseKind: "sqlite" | "postgres";
  /** SITE_URL is an address of the outside world, not this machine. */
  publicSite: boolean;
  demoShop: boolean;
  /** SHOP_ADDRESS, or the demo's in the demo shop; null: the footer shows none. */
  shopAddress: string | null;
  /** SHOP_PHONE, or the demo's in the demo shop; null: the footer shows none. */
  shopPhone: string | null;
  paymentProvider: "sandbox" | "adyen" | "mollie" | "none";
  /** Adyen's settings, complete, when it is the provider. */
  adyen: AdyenSettings | null;
  /** MAP_STYLES (or MAP_STYLE_URL as `roadmap`); empty: the offline basemap only. */
  mapStyles: MapStyle[];
};

/** A map type the shopper may choose: its name (roadmap, satellite…) and its MapLibre style. */
export interface MapStyle {
  name: string;
  url: string;
}

function mapStyles(styles: string | undefined, single: string | undefined): MapStyle[] {
  if (styles) {
    const list = styles.split(",").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), url: new URL(pair.slice(at + 1)).href };
    });
    return list.filter((style, index) => list.findIndex((other) => other.name === style.name) === index);
  }
  return single ? [{ name: "roadmap", url: single }] : [];
}

export interface AdyenSettings {
  apiKey: string;
  merchantAccount: string;
  clientKey: string;
  hmacKeys: string[];
  environment: "test" | "live";
  checkoutUrl: string;
  sdkUrl: string;
}

/** Adyen Web's version the payment page loads from Adyen's CDN (ADYEN_SDK_URL replaces it). */
export const ADYEN_WEB_VERSION = "6.6.0";

function adyenSettings(env: z.infer<typeof SETTINGS_SCHEMA>): AdyenSettings | null {
  if (env.PAYMENT_PROVIDER !== "adyen") return null;
  const missing = (["ADYEN_API_KEY", "ADYEN_MERCHANT_ACCOUNT", "ADYEN_CLIENT_KEY", "ADYEN_HMAC_KEY"] as const).filter(
    (name) => !env[name],
  );
  if (env.ADYEN_ENVIRONMENT === "live" && !env.ADYEN_CHECKOUT_URL) missing.push("ADYEN_CHECKOUT_URL" as never);
  if (missing.length) throw new EnvError(`Invalid configuration: PAYMENT_PROVIDER=adyen needs ${missing.join(", ")}`);
  const environment = env.ADYEN_ENVIRONMENT;
  return {
    apiKey: env.ADYEN_API_KEY as string,
    merchantAccount: env.ADYEN_MERCHANT_ACCOUNT as string,
    clientKey: env.ADYEN_CLIENT_KEY as string,
    hmacKeys: [env.ADYEN_HMAC_KEY as string, ...(env.ADYEN_HMAC_KEY_PREVIOUS ? [env.ADYEN_HMAC_KEY_PREVIOUS] : [])],
    environment,
    checkoutUrl: (env.ADYEN_CHECKOUT_URL ?? "https://checkout-test.adyen.com/v71").replace(/\/$/, ""),
    sdkUrl:
      env.ADYEN_SDK_URL ??
      `https://checkoutshopper-${environment}.cdn.adyen.com/checkoutshopper/sdk/${ADYEN_WEB_VERSION}/adyen.js`,
  };
}

export class EnvError extends Error {}

/** Host names that only this machine reaches: the demo and the tests may keep the sandbox key there. */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127\./.test(host);
}

/** Parses settings; throws EnvError with one line per bad variable. Empty strings count as unset. */
/** The demo shop's address and phone, shown in its footer; a real shop shows its own SHOP_ADDRESS and SHOP_PHONE. */
const DEMO_ADDRESS = "Rue de la Loi 16, 1000 Bruxelles";
const DEMO_PHONE = "+32 2 123 45 67";
/** The demo's mail domain (MAIL_FROM's and SHOP_EMAIL's defaults): reserved, no mail reaches it. */
export const DEMO_MAIL_DOMAIN = /@vitrine\.test>?$/i;

const DEMO_SHOP_NAME = "Vitrine";

/** A real shop's name when SHOP_NAME is unset: its sender's display name ("Maison Lin <…>"), else its host. */
function nameOfSender(mailFrom: string, siteUrl: string): string {
  const display = /^\s*"?([^"<]*?)"?\s*</.exec(mailFrom)?.[1]?.trim();
  if (display && display !== DEMO_SHOP_NAME) return display.slice(0, 60);
  return new URL(siteUrl).hostname.replace(/^www\./, "");
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = SETTINGS_SCHEMA.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const env = result.data;
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  // The sandbox key is in this repository: on a public site anyone could sign a "paid" webhook with it.
  const ownKeys = env.PAYMENT_PROVIDER === "adyen" || env.PAYMENT_PROVIDER === "mollie";
  if (!ownKeys && env.PAYMENT_HMAC_KEY.toUpperCase() === SANDBOX_HMAC_KEY && !isLoopback(siteUrl)) {
    throw new EnvError(
      `Invalid configuration: PAYMENT_HMAC_KEY: the sandbox key is public; set your own for ${siteUrl}`,
    );
  }
  const isProduction = env.NODE_ENV === "production";
  const publicSite = !isLoopback(siteUrl);
  // The demo's accounts and passwords are public (README): never on a public production site.
  if (env.DEMO_SHOP === true && isProduction && publicSite) {
    throw new EnvError(
      `Invalid configuration: DEMO_SHOP: the demo shop's accounts have published passwords; not on ${siteUrl} in production`,
    );
  }
  // Any Luhn-valid number pays with the sandbox: on a public site that is free goods.
  if (env.PAYMENT_PROVIDER === "sandbox" && publicSite) {
    throw new EnvError(
      `Invalid configuration: PAYMENT_PROVIDER: the sandbox accepts any card number; not on ${siteUrl} (use none until a provider is set)`,
    );
  }
  // Mails from the demo's address are refused by receiving servers; a request sent to it reaches nobody.
  if (isProduction && publicSite) {
    for (const [name, value] of [
      ["MAIL_FROM", env.MAIL_FROM],
      ["SHOP_EMAIL", env.SHOP_EMAIL],
    ] as const) {
      if (DEMO_MAIL_DOMAIN.test(value))
        throw new EnvError(
          `Invalid configuration: ${name}: ${value} is the demo's address; set your shop's own for ${siteUrl}`,
        );
    }
  }
  const demoShop = env.DEMO_SHOP ?? !(isProduction && publicSite);
  const shopName = env.SHOP_NAME ?? (demoShop ? DEMO_SHOP_NAME : nameOfSender(env.MAIL_FROM, siteUrl));
  if (env.HSTS_PRELOAD && env.HSTS_MAX_AGE < 31_536_000)
    throw new EnvError("Invalid configuration: HSTS_PRELOAD needs HSTS_MAX_AGE of a year (31536000) at least");
  if (env.PAYMENT_PROVIDER === "mollie" && !env.MOLLIE_API_KEY)
    throw new EnvError("Invalid configuration: PAYMENT_PROVIDER=mollie needs MOLLIE_API_KEY");
  return {
    ...env,
    SHOP_NAME: shopName,
    adyen: adyenSettings(env),
    isProduction,
    // Browsers accept Secure cookies on http://localhost, so production keeps Secure even for the local demo.
    cookieSecure: env.COOKIE_SECURE ?? isProduction,
    devIslands: env.ENABLE_DEV_ISLANDS ?? !isProduction,
    siteUrl,
    allowedOrigins: env.SITE_URL
      ? [siteUrl]
      : ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${env.PORT}`),
    databaseKind: env.DATABASE_URL.startsWith("postgres") ? "postgres" : "sqlite",
    mapStyles: mapStyles(env.MAP_STYLES, env.MAP_STYLE_URL),
    publicSite,
    demoShop,
    shopAddress: env.SHOP_ADDRESS ?? (demoShop ? DEMO_ADDRESS : null),
    shopPhone: env.SHOP_PHONE ?? (demoShop ? DEMO_PHONE : null),
    // The sandbox pays any card: only the demo shop has it unless it is asked for.
    paymentProvider: env.PAYMENT_PROVIDER ?? (publicSite || !demoShop ? "none" : "sandbox"),
  };
}

let cached: Env | undefined;
/** What the shop's owner set in the back office (`shop_settings`, src/server/config/shop-settings.ts), over the environment's. */
let shopOverrides: Readonly<Record<string, string>> = {};

/** The process settings, validated once. */
export function env(): Env {
  cached ??= parseEnv({ ...process.env, ...shopOverrides });
  return cached;
}

let environmentOnly: Env | undefined;

/** The settings as the environment alone makes them (what an owner's setting emptied gives back). */
export function environmentEnv(): Env {
  environmentOnly ??= parseEnv(process.env);
  return environmentOnly;
}

/**
 * The owner's settings, by variable name, over the environment's from the next `env()` on; refused
 * (false, nothing changed) when the settings they make would not start the shop.
 */
export function overrideShopSettings(values: Readonly<Record<string, string>>): boolean {
  if (JSON.stringify(values) === JSON.stringify(shopOverrides)) return true;
  try {
    parseEnv({ ...process.env, ...values });
  } catch (error) {
    if (error instanceof EnvError) return false;
    throw error;
  }
  shopOverrides = { ...values };
  cached = undefined;
  return true;
}

/**
 * Why one setting's value is refused as the shop would read it (its variable's own rule, then the
 * settings it makes with the others: the demo's mail domain on a public shop), or null.
 */
export function shopSettingProblem(
  name: string,
  value: string,
  others: Readonly<Record<string, string>>,
): string | null {
  const rule = (SETTINGS_SCHEMA.shape as Record<string, z.ZodType>)[name];
  const own = rule?.safeParse(value);
  if (own && !own.success) return own.error.issues[0]?.message ?? "invalid";
  try {
    parseEnv({ ...process.env, ...others, [name]: value });
    return null;
  } catch (error) {
    if (error instanceof EnvError && error.message.includes(name))
      return error.message.replace(/^Invalid configuration: /, "");
    if (error instanceof EnvError) return null;
    throw error;
  }
}

/** Tests change settings between files. */
export function resetEnvForTests(): void {
  cached = undefined;
  environmentOnly = undefined;
  shopOverrides = {};
}
