import { z } from "zod";
import { CONSENT_CATEGORIES } from "~/features/consent/consent";
import { memoizePublic } from "~/server/cache";
import { db } from "~/server/db/client";
import { inlineScriptHash } from "~/server/http/security";
import { putSetting, settingValue } from "./content.repository";

/**
 * The shop's own consent-gated scripts (an analytics or advertising tag an operator adds): a setting,
 * written into every page as `<script type="text/plain" data-cookie-category>` and run by the consent
 * script once the visitor accepts its category (spec 000 cookie consent). Each one's hash joins the
 * page's Content-Security-Policy, so they run under it; a script injected into a page still does not.
 */
export const CONSENT_SCRIPTS_SETTING = "ConsentScripts";

export const ConsentScriptSchema = z.object({
  category: z.enum(CONSENT_CATEGORIES),
  /** What the privacy notice's cookie list calls it ("Matomo", "Meta pixel"). */
  name: z.string().trim().max(100).optional(),
  code: z
    .string()
    .trim()
    .min(1)
    .max(20_000)
    // The page's HTML parser would end the script there: the browser would run another text than hashed.
    .refine((code) => !/<\/script|<!--/i.test(code), "no </script or <!-- inside a script"),
});
export const ConsentScriptsSchema = z.array(ConsentScriptSchema).max(10);
export type ConsentScript = z.infer<typeof ConsentScriptSchema>;

/** The scripts as saved; a setting that no longer parses counts as none. */
export const consentScripts = memoizePublic(async (): Promise<ConsentScript[]> => {
  const saved = (await settingValue(db(), CONSENT_SCRIPTS_SETTING))?.value;
  if (!saved) return [];
  try {
    const parsed = ConsentScriptsSchema.safeParse(JSON.parse(saved));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
});

/** The CSP sources of the scripts a page carries; none when they cannot be read (no script either). */
export async function consentScriptHashes(): Promise<string[]> {
  try {
    return (await consentScripts()).map((script) => inlineScriptHash(script.code));
  } catch {
    return [];
  }
}

export async function saveConsentScripts(scripts: ConsentScript[]): Promise<void> {
  await putSetting(db(), CONSENT_SCRIPTS_SETTING, JSON.stringify(scripts));
}
