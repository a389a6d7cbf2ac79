import { randomUUID } from "node:crypto";
import type { Culture } from "~/lib/culture";
import { db } from "~/server/db/client";
import { acceptAll, type ConsentSettings, declineAll } from "./consent";
import { insertConsentRecord } from "./consent.repository";

/** Keeps proof of a decision; returns the anonymous id it is filed under. */
export async function recordConsentDecision(settings: ConsentSettings, culture: Culture): Promise<string> {
  const id = randomUUID();
  await insertConsentRecord(db(), id, settings, culture);
  return id;
}

/** The decision of the no-JavaScript form: its button and checkboxes. */
export function decisionFromForm(form: FormData, stamp: string): ConsentSettings {
  const choice = String(form.get("choice") ?? "");
  if (choice === "accept") return acceptAll(stamp);
  if (choice === "decline") return declineAll(stamp);
  const on = (name: string) => form.get(name) === "true" || form.get(name) === "on";
  return { stamp, preferences: on("preferences"), statistics: on("statistics"), marketing: on("marketing") };
}
