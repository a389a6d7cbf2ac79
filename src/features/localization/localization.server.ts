import { createHash } from "node:crypto";
import { z } from "zod";
import { CULTURES, type Culture } from "~/lib/culture";
import { RESOURCES } from "~/lib/i18n";

export const CultureParamSchema = z.object({ culture: z.enum(CULTURES) });

/** The nested string map of a culture with a strong ETag computed once per process. */
const cache = new Map<Culture, { body: string; etag: string }>();

export function stringResources(culture: Culture): { body: string; etag: string } {
  let entry = cache.get(culture);
  if (!entry) {
    const body = JSON.stringify(RESOURCES[culture]);
    entry = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
    cache.set(culture, entry);
  }
  return entry;
}
