import type { Executor } from "~/server/db/client";
import type { ConsentSettings } from "./consent";

export async function insertConsentRecord(
  ex: Executor,
  anonymousId: string,
  settings: ConsentSettings,
  culture: string,
  customerId: number | null = null,
): Promise<void> {
  await ex
    .insertInto("consent_records")
    .values({
      anonymous_id: anonymousId,
      stamp: settings.stamp,
      preferences: settings.preferences ? 1 : 0,
      statistics: settings.statistics ? 1 : 0,
      marketing: settings.marketing ? 1 : 0,
      culture,
      customer_id: customerId,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export function consentRecordsOf(ex: Executor, customerId: number) {
  return ex
    .selectFrom("consent_records")
    .select(["anonymous_id", "stamp", "preferences", "statistics", "marketing", "culture", "created_at"])
    .where("customer_id", "=", customerId)
    .orderBy("id")
    .execute();
}

export async function unlinkConsentRecords(ex: Executor, customerId: number): Promise<void> {
  await ex.updateTable("consent_records").set({ customer_id: null }).where("customer_id", "=", customerId).execute();
}
