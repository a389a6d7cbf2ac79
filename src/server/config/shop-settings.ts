import { db, type Executor } from "~/server/db/client";
import { log } from "~/server/observability/log";
import { registeredPublicVersion } from "~/server/page-cache/registry";
import { overrideShopSettings } from "./env";
import { storedShopSettings, writeShopSettings } from "./shop-settings.repository";

/**
 * The settings a shop's owner sets in the back office (issue 72) over the environment's: the same
 * variables, the same rules (env.ts), stored in `shop_settings`. `env()` reads them; a change moves the
 * public version (migration 035's triggers), and every process reads them again at its next request
 * (`refreshShopSettings`, from the middleware) or mail batch.
 */
export const SHOP_SETTINGS = [
  "SHOP_NAME",
  "SHOP_EMAIL",
  "MAIL_FROM",
  "MAIL_REPLY_TO",
  "SHOP_ADDRESS",
  "SHOP_PHONE",
  "COMPANY_NAME",
  "COMPANY_NUMBER",
  "VAT_NUMBER",
  "VAT_OSS",
] as const;
export type ShopSetting = (typeof SHOP_SETTINGS)[number];

export function isShopSetting(name: string): name is ShopSetting {
  return (SHOP_SETTINGS as readonly string[]).includes(name);
}

/** How often the settings are read while the public version is unknown, or after a read failed. */
const RETRY_MS = 5_000;

/** The public version the settings were last read at (undefined: never), when a read last started, whether it failed. */
let readAt: number | null | undefined;
let triedAt = 0;
let failed = false;
let reading: Promise<void> | undefined;

/**
 * Reads the owner's settings again when the public version moved since (one read for the requests at
 * once): a request whose version is the last read's asks nothing of the database. While the version is
 * unknown (the database away, no source), or after a failed read, at most once in RETRY_MS.
 */
export function refreshShopSettings(): Promise<void> {
  const version = registeredPublicVersion()?.current() ?? null;
  if (readAt !== undefined && version !== null && version === readAt) return Promise.resolve();
  if (Date.now() - triedAt < RETRY_MS && (version === null || failed)) return Promise.resolve();
  reading ??= (async () => {
    triedAt = Date.now();
    try {
      await loadShopSettings(db());
      readAt = version;
      failed = false;
    } catch (error) {
      failed = true;
      // The database away: the settings last read stand; the next request tries again.
      log().warn({ err: error }, "shop settings: not read");
    } finally {
      reading = undefined;
    }
  })();
  return reading;
}

/** Reads the stored settings and applies them to `env()`. */
export async function loadShopSettings(ex: Executor): Promise<Record<string, string>> {
  const rows = await storedShopSettings(ex);
  const values = Object.fromEntries(rows.filter((r) => isShopSetting(r.key)).map((r) => [r.key, r.value]));
  if (!overrideShopSettings(values))
    log().error({ keys: Object.keys(values) }, "shop settings: refused, the environment's stand");
  return values;
}

/** The stored rows, with who set each and when (the settings page). */
export function shopSettingRows(ex: Executor = db()) {
  return storedShopSettings(ex);
}

/** Writes settings in the caller's transaction; the caller applies them after its commit (`loadShopSettings`). */
export function saveShopSettings(ex: Executor, values: Readonly<Record<string, string | null>>, by: string) {
  return writeShopSettings(ex, values, new Date().toISOString(), by);
}

/** Tests and tools that attach another database forget what was read from the last. */
export function forgetShopSettings(): void {
  readAt = undefined;
  triedAt = 0;
  failed = false;
  overrideShopSettings({});
}
