import { unpublishedLegalPages } from "~/features/content/legal-pages.seed";
import { type AdminCall, audit, staffInPerson } from "~/features/integration/integration.server";
import { countriesWithoutShipping } from "~/features/pricing/pricing.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { DEMO_MAIL_DOMAIN, env, environmentEnv, shopSettingProblem } from "~/server/config/env";
import {
  isShopSetting,
  loadShopSettings,
  SHOP_SETTINGS,
  type ShopSetting,
  saveShopSettings,
  shopSettingRows,
} from "~/server/config/shop-settings";
import { database, db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";

/** A mail's sender: an address, or a name and an address in angle brackets (`Shop <shop@example.com>`). */
const SENDER = /^(?:[^<>@\n]{1,80}<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/** One step the shop still needs before it sells (the settings page's "ready to sell" list). */
export interface ReadinessItem {
  Key: "legal" | "shipping" | "payment" | "sender" | "address" | "company";
  Done: boolean;
  /** What is missing (legal pages' keys, countries' codes), empty when done. */
  Missing: string[];
}

/** What the owner sets and sees: each setting's value in effect, the stored one, the environment's. */
export async function shopSettingsView(call: AdminCall) {
  await staffInPerson(call, false, "settings");
  const stored = new Map((await shopSettingRows()).map((r) => [r.key, r]));
  const inEffect = (settings: ReturnType<typeof env>, name: string) =>
    settingText(
      name === "SHOP_ADDRESS"
        ? settings.shopAddress
        : name === "SHOP_PHONE"
          ? settings.shopPhone
          : (settings as unknown as Record<string, unknown>)[name],
    );
  return {
    Settings: SHOP_SETTINGS.map((name) => ({
      Name: name,
      Value: inEffect(env(), name),
      Stored: stored.get(name)?.value ?? null,
      Environment: inEffect(environmentEnv(), name),
      UpdatedBy: stored.get(name)?.updated_by ?? null,
    })),
    // From the environment only: shown, never written here.
    PaymentProvider: env().paymentProvider,
    MailServer: Boolean(env().SMTP_URL),
    ReadyToSell: await readyToSell(),
  };
}

const settingText = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === "string" ? value : String(value);

/** What a shop still needs before it sells: legal pages, a priced shipping method, a payment provider, a real sender. */
export async function readyToSell(): Promise<ReadinessItem[]> {
  const [drafts, unshipped] = await Promise.all([unpublishedLegalPages(database()), countriesWithoutShipping(db())]);
  const sender = !DEMO_MAIL_DOMAIN.test(env().MAIL_FROM) && Boolean(env().SMTP_URL);
  const provider = env().paymentProvider;
  return [
    { Key: "legal", Done: drafts.length === 0, Missing: drafts },
    { Key: "shipping", Done: unshipped.length === 0, Missing: unshipped },
    { Key: "payment", Done: provider === "adyen" || provider === "mollie", Missing: [] },
    { Key: "sender", Done: sender, Missing: [] },
    { Key: "address", Done: env().shopAddress !== null, Missing: [] },
    { Key: "company", Done: Boolean(env().COMPANY_NAME && env().VAT_NUMBER), Missing: [] },
  ];
}

/**
 * The owner changes settings: each value by its variable's rule (refused by field, in the owner's
 * language, nothing written), an empty one gives the environment's back. Applied in this process at
 * once; the others read them at their next request (the public version moved).
 */
export async function updateShopSettings(
  call: AdminCall,
  values: Readonly<Record<string, string | null>>,
  culture: Culture,
) {
  const actor = await staffInPerson(call, true, "settings");
  const t = translator(culture);
  const changes: Record<string, string | null> = {};
  const errors: Record<string, string[]> = {};
  const stored = Object.fromEntries((await shopSettingRows()).map((r) => [r.key, r.value]));
  const next: Record<string, string> = { ...stored };
  for (const [name, raw] of Object.entries(values)) {
    if (!isShopSetting(name)) {
      errors[name] = [t("Errors.InvalidValue")];
      continue;
    }
    const value = raw?.trim() || null;
    changes[name] = value;
    if (value === null) delete next[name];
    else next[name] = value;
  }
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) continue;
    const problem =
      name === "MAIL_FROM" && !SENDER.test(value) ? "not a sender" : shopSettingProblem(name, value, next);
    if (problem) errors[name] = [settingMessage(name as ShopSetting, problem, culture)];
  }
  if (Object.keys(errors).length) throw new ApiError("ValidationFailed", errors);
  await db()
    .transaction()
    .execute(async (trx) => {
      await saveShopSettings(trx, changes, actor.label);
      await audit(actor, "settings.update", "shop", changes, trx);
    });
  await loadShopSettings(db());
  return shopSettingsView(call);
}

/** A refused setting's message in the owner's language (the rules' own texts are the operator's, in English). */
function settingMessage(name: ShopSetting, problem: string, culture: Culture): string {
  const t = translator(culture);
  if (/demo's address/.test(problem)) return t("Staff.SettingDemoAddress");
  if (name === "SHOP_EMAIL" || name === "MAIL_REPLY_TO") return t("Validation.Email");
  if (name === "MAIL_FROM") return t("Staff.SettingSender");
  if (name === "VAT_NUMBER") return t("Staff.SettingVatNumber");
  return t("Validation.Regex");
}
