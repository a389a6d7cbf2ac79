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

/** The public version the settings were last read at (null: never), and the read under way. */
let readAt: number | null | undefined;
let reading: Promise<void> | undefined;

/** Reads the owner's settings again when the public version moved since (one read for the requests at once). */
export function refreshShopSettings(): Promise<void> {
  const version = registeredPublicVersion()?.current() ?? null;
  if (readAt !== undefined && version !== null && version === readAt) return Promise.resolve();
  reading ??= (async () => {
    try {
      await loadShopSettings(db());
      readAt = version;
    } catch (error) {
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
  overrideShopSettings({});
}
