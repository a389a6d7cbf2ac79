import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { rateLimiter, tooManyAttempts } from "~/server/security/rate-limit";
import { libraryBytes } from "./assets.repository";

/**
 * What one editor's writes may cost the shop (decision 054): uploads and crops are counted per editor
 * and per client address like sign-in attempts, and the library has a total size.
 */
export interface AssetWriter {
  id: number;
  clientIp: string;
}

const WINDOW_SECONDS = 10 * 60;

/** Counts one upload or crop request; 429 once the editor or the address has made too many. */
export async function countAssetWrite(writer: AssetWriter): Promise<void> {
  const settings = env();
  const waits = await Promise.all([
    rateLimiter().hit(`assets:write:editor:${writer.id}`, {
      max: settings.ASSET_WRITES_PER_EDITOR,
      windowSeconds: WINDOW_SECONDS,
    }),
    rateLimiter().hit(`assets:write:ip:${writer.clientIp}`, {
      max: settings.ASSET_WRITES_PER_IP,
      windowSeconds: WINDOW_SECONDS,
    }),
  ]);
  const wait = Math.max(...waits);
  if (wait > 0) throw tooManyAttempts(wait);
}

export function libraryQuotaBytes(): number {
  return env().ASSET_LIBRARY_QUOTA_MB * 1024 * 1024;
}

/** Whether `bytes` more fit in the library. */
export async function libraryHasRoomFor(bytes: number): Promise<boolean> {
  return (await libraryBytes(db())) + bytes <= libraryQuotaBytes();
}

/** A full library takes nothing more: refused before any byte is read or decoded. */
export async function refuseWhenLibraryFull(): Promise<void> {
  if (!(await libraryHasRoomFor(1))) throw new ApiError("AssetLibraryFull");
}
