import pLimit, { type LimitFunction } from "p-limit";
import { env } from "./config/env";
import { ApiError } from "./http/errors";

/**
 * Decoding an image holds a core (a 40-megapixel photo for seconds): editors' uploads, crops and
 * renditions take turns here, IMAGE_DECODES_AT_ONCE at a time, so shoppers' requests keep the other
 * core. The queue is short: beyond IMAGE_QUEUE_WAITING waiting jobs an upload is refused (503, try
 * again) instead of piling up minutes. A waiting job holds only its received file's path, not pixels.
 */
export const IMAGE_QUEUE_WAITING = 32;

let limit: LimitFunction | undefined;

function queue(): LimitFunction {
  limit ??= pLimit(env().IMAGE_DECODES_AT_ONCE);
  return limit;
}

export function imageWork<T>(work: () => Promise<T>): Promise<T> {
  const q = queue();
  if (q.pendingCount >= IMAGE_QUEUE_WAITING) throw new ApiError("ServiceUnavailable", {}, "AssetsLibrary.Busy");
  return q(work);
}

/** What the queue holds now (tests and metrics). */
export function imageQueueState(): { active: number; waiting: number } {
  const q = queue();
  return { active: q.activeCount, waiting: q.pendingCount };
}
