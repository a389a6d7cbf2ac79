import type { Executor } from "~/server/db/client";
import type { ConsentSettings } from "./consent";

export async function insertConsentRecord(
  ex: Executor,
  anonymousId: string,
  settings: ConsentSettings,
  culture: string,
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
      created_at: new Date().toISOString(),
    })
    .execute();
}
