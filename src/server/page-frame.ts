import { randomBytes } from "node:crypto";
import {
  beginsWithHead,
  type DeflatedHead,
  type DeflatedTail,
  deflatableTail,
  deflateHead,
  endsWithTail,
  gzipAfterHead,
  gzipAround,
  padMiddle,
} from "./http/gzip-after-head";
import { bytesResponse } from "./http/page-response";
import { acceptsEncoding } from "./page-cache/page-cache";
import { registeredPublicVersion } from "./page-cache/registry";

/**
 * The frame of a page rendered for one shopper (decision 065): everything around its `<main>` content
 * (head, header, navigation, footer, dialogs), rendered once per key and kept while public data keeps its
 * version. A page rendered for her whose browser runs scripts leaves her own parts of the frame to her
 * summary (`locals.chromeLater`, as shared pages do), so the frame is the same for every shopper of a
 * culture, address, country and consent state, and only the page's own content is rendered per request.
 *
 * A frame holds islands: Astro numbers their `useId` prefixes per page, and `replayFrame` tells the
 * render the head is written and marks it, so the page's own islands take prefixes of their own
 * (`islandPrefix`, src/server/island-html.ts). Their loader and directives are not in any page (decision
 * 079): a frame stands on its own whatever islands it holds.
 */

/**
 * Frames kept at once (least recently used out): about 30 KB each, 60 KB once sent gzipped (decision 066),
 * and up to TAILS_KEPT deflated bottoms of about 2 KB (decision 068).
 */
export const FRAMES_KEPT = 200;
/** A longer key (it holds the page's address, which visitors write) is rendered every time. */
export const FRAME_KEY_MAX_CHARS = 2048;

export interface PageFrame {
  /** From the doctype to the start of the page's own content. */
  top: string;
  /** From the end of the page's own content to `</html>`. */
  bottom: string;
  /** The top, deflated the first time a page is sent around this frame (decision 066). */
  deflatedTop?: DeflatedHead;
  /** The bottom, deflated once per length of content (decision 068); null when it cannot be. */
  deflatedBottom?: DeflatedTail | null;
}

/** What a render that misses records, for the middleware to keep once the page is rendered. */
export interface FrameCapture {
  key: string;
  /** The version of public data read before rendering: a change during the render is not kept. */
  version: number;
  /** Unique comment marking where the page's own content begins and ends. */
  mark: string;
  /** False once a part of the render showed less than it should (`keepNothingOf`): its marks still go. */
  whole: boolean;
}

/** The parts of Astro's render state a kept frame speaks for (`SSRResult`, astro/dist/types). */
interface RenderState {
  _metadata: { hasRenderedHead: boolean };
}

interface Kept {
  version: number;
  frame: PageFrame;
}

const frames = new Map<string, Kept>();
/** Renders whose frame came from a kept copy: their islands' prefixes must not meet the frame's. */
const framed = new WeakSet<object>();
const MARK = `vitrine-page-frame-${randomBytes(6).toString("hex")}`;

/** The key of a frame: what the frame depends on besides public data, or null when too long. */
export function frameKey(parts: unknown[]): string | null {
  const key = JSON.stringify(parts);
  return key.length > FRAME_KEY_MAX_CHARS ? null : key;
}

/** The kept frame of a key, if public data has not moved since it was rendered. */
export function keptFrame(key: string): PageFrame | undefined {
  const version = registeredPublicVersion()?.current() ?? null;
  const kept = frames.get(key);
  if (!kept) return undefined;
  if (kept.version !== version) {
    frames.delete(key);
    return undefined;
  }
  frames.delete(key);
  frames.set(key, kept);
  return kept.frame;
}

/** A capture for a render that missed, or null without a version of public data (astro dev, tests). */
export function startCapture(key: string): FrameCapture | null {
  const version = registeredPublicVersion()?.current() ?? null;
  if (version === null) return null;
  return { key, version, mark: MARK, whole: true };
}

/** The comment written before (`start`) and after (`end`) the page's own content. */
export function frameMark(capture: FrameCapture, at: "start" | "end"): string {
  return `<!--${capture.mark}:${at}-->`;
}

/** The rendered page without its marks; its frame is kept when public data kept its version. */
export function captureFrame(capture: FrameCapture, html: string): string {
  const start = frameMark(capture, "start");
  const end = frameMark(capture, "end");
  const a = html.indexOf(start);
  const b = html.indexOf(end, a);
  if (a < 0 || b < 0) return html;
  const top = html.slice(0, a);
  const bottom = html.slice(b + end.length);
  const version = registeredPublicVersion()?.current() ?? null;
  if (capture.whole && version === capture.version) {
    frames.set(capture.key, { version, frame: { top, bottom } });
    if (frames.size > FRAMES_KEPT) frames.delete(frames.keys().next().value as string);
  }
  return top + html.slice(a + start.length, b) + bottom;
}

/**
 * Before the page's own content renders around a kept frame: the head is written; the content's islands
 * get prefixes of their own.
 */
export function replayFrame(result: unknown): void {
  (result as RenderState)._metadata.hasRenderedHead = true;
  framed.add(result as object);
}

/**
 * A page rendered around a kept frame, as its shopper's browser takes it (decision 066): gzipped, the
 * frame's top deflated once for every page around it, its bottom once per length of content (decision
 * 068: the content padded with spaces to a multiple of GAP_STEP), and only the content now; otherwise as
 * it is (then compressed as every answer is). Top and bottom are the same bytes for every shopper, and the
 * bottom is deflated with NUL bytes in place of the content, so sending them compressed once tells
 * nothing of one shopper to another.
 */
export async function sendAroundFrame(frame: PageFrame, request: Request, response: Response): Promise<Response> {
  if (!acceptsEncoding(request.headers.get("accept-encoding") ?? "", "gzip")) return response;
  if (!response.headers.get("content-type")?.startsWith("text/html") || response.headers.has("content-encoding"))
    return response;
  frame.deflatedTop ??= deflateHead(frame.top);
  const head = frame.deflatedTop;
  if (frame.deflatedBottom === undefined) frame.deflatedBottom = deflatableTail(frame.bottom);
  const tail = frame.deflatedBottom;
  const html = Buffer.from(await response.arrayBuffer());
  if (!beginsWithHead(head, html)) return new Response(html, response);
  // The bottom too, once per length of content (decision 068); otherwise all that follows the top now.
  const body =
    tail && endsWithTail(tail, html, head.length)
      ? gzipAround(head, padMiddle(html.subarray(head.length, html.length - tail.bytes.length)), tail)
      : gzipAfterHead(head, html.subarray(head.length));
  const headers = new Headers(response.headers);
  headers.set("Content-Encoding", "gzip");
  headers.set("Content-Length", String(body.length));
  headers.append("Vary", "Accept-Encoding");
  // Buffer.concat's bytes live in an ArrayBuffer of their own (never a shared one); they go out at once.
  return bytesResponse(body as Uint8Array<ArrayBuffer>, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** Whether this render's frame came from a kept copy (its content's islands are numbered apart). */
export function isFramed(result: unknown): boolean {
  return typeof result === "object" && result !== null && framed.has(result);
}

/**
 * This render shows less than it should (a part it could not read, the database down): its frame is not
 * kept, so the next render shows it whole.
 */
export function keepNothingOf(locals: { frameCapture?: FrameCapture | undefined }): void {
  if (locals.frameCapture) locals.frameCapture.whole = false;
}

/** Tests: forget every kept frame. */
export function forgetFrames(): void {
  frames.clear();
}

/**
 * Whether this page's frame is kept: a page rendered for one shopper (not a public page, which the page
 * cache keeps whole, decisions 050 and 062) whose browser runs scripts (`locals.chromeLater`).
 */
export function frameKept(locals: { chromeLater?: boolean; publicPage?: boolean }): boolean {
  return locals.chromeLater === true && locals.publicPage !== true;
}

/**
 * Whether the frame leaves her own parts (her name, her cart and wishlist counts) to her summary: on a
 * page shared by every shopper (decision 062) and on a page whose frame is kept (decision 065).
 */
export function herPartsLater(locals: {
  personalLater?: boolean;
  chromeLater?: boolean;
  publicPage?: boolean;
}): boolean {
  return locals.personalLater === true || frameKept(locals);
}
