import { randomUUID } from "node:crypto";
import type { Culture } from "~/lib/culture";
import { db, type Executor } from "~/server/db/client";
import { acceptAll, type ConsentSettings, declineAll } from "./consent";
import { consentRecordsOf, insertConsentRecord, unlinkConsentRecords } from "./consent.repository";

/** Keeps proof of a decision (and whose, when she is signed in); returns the anonymous id it is filed under. */
export async function recordConsentDecision(
  settings: ConsentSettings,
  culture: Culture,
  customerId: number | null = null,
): Promise<string> {
  const id = randomUUID();
  await insertConsentRecord(db(), id, settings, culture, customerId);
  return id;
}

/** Her consent decisions (issue 36: a shopper's own data). */
export function consentPersonalData(customerId: number) {
  return consentRecordsOf(db(), customerId);
}

/** Her closed account's decisions stay as anonymous proof. */
export function unlinkConsent(trx: Executor, customerId: number): Promise<void> {
  return unlinkConsentRecords(trx, customerId);
}

/** The decision of the no-JavaScript form: its button and checkboxes. */
export function decisionFromForm(form: FormData, stamp: string): ConsentSettings {
  const choice = String(form.get("choice") ?? "");
  if (choice === "accept") return acceptAll(stamp);
  if (choice === "decline") return declineAll(stamp);
  const on = (name: string) => form.get(name) === "true" || form.get(name) === "on";
  return { stamp, preferences: on("preferences"), statistics: on("statistics"), marketing: on("marketing") };
}
