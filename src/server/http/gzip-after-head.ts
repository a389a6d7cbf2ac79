import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * Gzip for answers that begin with text already compressed once (decision 066): a page whose frame is
 * kept (src/server/page-frame.ts) begins with the frame's top, the same bytes for every shopper. The top is
 * deflated once and ends on a byte boundary without ending the stream; each answer deflates only what
 * follows it, with the top as its dictionary so that what follows may point back into it as a browser's
 * decoder sees it, and one gzip member is written around both (RFC 1952: header, deflate data, CRC-32
 * and length of the whole). No library splices deflate streams; zlib does the compressing.
 *
 * The frame's bottom is the same bytes too, but where it may point back to depends on how long the page's
 * own content is (decision 068): it is deflated once per length of content, the content's bytes replaced
 * by NUL bytes it never holds (so it points back into the top only, at the distances the content's real
 * length gives), and the content is padded with spaces to a multiple of GAP_STEP so that a few lengths
 * serve every shopper.
 */

/** Deflate's window: what follows may point back at most this far into the top. */
const WINDOW = 32 * 1024;
/** Kept once: the top deserves zlib's best. */
const HEAD_LEVEL = 9;
/** Per answer, the level `compression` uses for gzip by default. */
const REST_LEVEL = 6;
/**
 * A shopper's content between top and bottom is deflated in an 8 KB window (2^13): zlib hashes the whole
 * dictionary into its tables, and sets up tables the window's size, at each answer. On her cart page (6 KB
 * of content after 20 KB of top) a 32 KB window cost 81 µs a page and 8 KB 50 µs, for 36 more bytes
 * (1,508 against 1,472).
 */
const ANSWER_WINDOW_BITS = 13;
const ANSWER_WINDOW = 2 ** ANSWER_WINDOW_BITS;
/** RFC 1952: magic, deflate, no flags, no time, no extra flags, Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

export interface DeflatedHead {
  /** The text's bytes (UTF-8). */
  bytes: Buffer;
  /** The text's bytes deflated, ending on a byte boundary with the stream left open. */
  deflated: Buffer;
  /** CRC-32 of the text's bytes. */
  crc: number;
  /** The text's length in bytes. */
  length: number;
  /** The text's last bytes, at most one window: the dictionary of the tail, deflated once. */
  window: Buffer;
  /** The text's last bytes, at most one answer's window: the dictionary of a shopper's content. */
  recent: Buffer;
}

/** The page's own content is padded to a multiple of this (spaces): the bottom is deflated once per multiple. */
export const GAP_STEP = 512;
/** Deflated copies of one bottom kept at once, by length of content (least recently used out). */
export const TAILS_KEPT = 8;

/** The end of answers, the same bytes each time, deflated once for each length of what precedes it. */
export interface DeflatedTail {
  /** The text's bytes (UTF-8): none is 0. */
  bytes: Buffer;
  /** Deflated after a middle of each length (up to one window), ending the stream. */
  byGap: Map<number, Buffer>;
}

/** Compresses the beginning of answers once. */
export function deflateHead(text: string): DeflatedHead {
  const bytes = Buffer.from(text);
  return {
    bytes,
    deflated: deflateRawSync(bytes, { level: HEAD_LEVEL, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(bytes),
    length: bytes.length,
    window: bytes.subarray(Math.max(0, bytes.length - WINDOW)),
    recent: bytes.subarray(Math.max(0, bytes.length - ANSWER_WINDOW)),
  };
}

/** Whether `body` begins with the head's bytes. */
export function beginsWithHead(head: DeflatedHead, body: Buffer): boolean {
  return body.length >= head.length && body.compare(head.bytes, 0, head.length, 0, head.length) === 0;
}

/** A whole gzip answer: the head as it was deflated once, then `rest` (what follows it) deflated now. */
export function gzipAfterHead(head: DeflatedHead, rest: string | Buffer): Buffer {
  const bytes = typeof rest === "string" ? Buffer.from(rest) : rest;
  // What follows holds the bottom too, which points far back: the whole window.
  const tail = deflateRawSync(bytes, {
    level: REST_LEVEL,
    ...(head.window.length ? { dictionary: head.window } : {}),
  });
  const trailer = Buffer.alloc(8);
  // Node 20's crc32 of no bytes may answer 0 instead of the value it continues (seen after a deflate).
  trailer.writeUInt32LE(bytes.length ? crc32(bytes, head.crc) : head.crc, 0);
  trailer.writeUInt32LE((head.length + bytes.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, head.deflated, tail, trailer]);
}

/** The end of answers, to be deflated once per length of the middle; null when it holds a NUL byte. */
export function deflatableTail(text: string): DeflatedTail | null {
  const bytes = Buffer.from(text);
  return bytes.includes(0) ? null : { bytes, byGap: new Map() };
}

/** Whether `body` ends with the tail's bytes (after at least `from` bytes). */
export function endsWithTail(tail: DeflatedTail, body: Buffer, from: number): boolean {
  const at = body.length - tail.bytes.length;
  return at >= from && body.compare(tail.bytes, 0, tail.bytes.length, at) === 0;
}

/** The middle padded with spaces to a multiple of GAP_STEP (a copy when it grows). */
export function padMiddle(middle: Buffer): Buffer {
  const pad = (GAP_STEP - (middle.length % GAP_STEP)) % GAP_STEP;
  return pad ? Buffer.concat([middle, Buffer.alloc(pad, 0x20)]) : middle;
}

/**
 * A whole gzip answer: the head as deflated once, `middle` deflated now (ending on a byte boundary), then
 * the tail as deflated once for a middle of that length. The tail was deflated with the head's window and
 * `middle.length` NUL bytes as dictionary: it never holds a NUL, so it points back into the head only, at
 * the distances the real middle puts between them, and the same bytes serve any middle of that length.
 */
export function gzipAround(head: DeflatedHead, middle: Buffer, tail: DeflatedTail): Buffer {
  // Beyond a window the tail can reach nothing before the middle: one copy serves every longer middle.
  const gap = Math.min(middle.length, WINDOW);
  let deflatedTail = tail.byGap.get(gap);
  if (deflatedTail) tail.byGap.delete(gap);
  else {
    const before = Buffer.concat([head.window, Buffer.alloc(gap)]);
    const dictionary = before.subarray(Math.max(0, before.length - WINDOW));
    deflatedTail = deflateRawSync(tail.bytes, { level: HEAD_LEVEL, ...(dictionary.length ? { dictionary } : {}) });
  }
  tail.byGap.set(gap, deflatedTail);
  if (tail.byGap.size > TAILS_KEPT) tail.byGap.delete(tail.byGap.keys().next().value as number);
  const deflatedMiddle = middle.length
    ? deflateRawSync(middle, {
        level: REST_LEVEL,
        windowBits: ANSWER_WINDOW_BITS,
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(head.recent.length ? { dictionary: head.recent } : {}),
      })
    : Buffer.alloc(0);
  let crc = head.crc;
  // Node 20's crc32 of no bytes may answer 0 instead of the value it continues.
  if (middle.length) crc = crc32(middle, crc);
  if (tail.bytes.length) crc = crc32(tail.bytes, crc);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((head.length + middle.length + tail.bytes.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, head.deflated, deflatedMiddle, deflatedTail, trailer]);
}
