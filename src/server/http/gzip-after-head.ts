import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * Gzip for answers that begin with text already compressed once (decision 066): a page whose frame is
 * kept (src/server/page-frame.ts) begins with the frame's top, the same bytes for every shopper. The top is
 * deflated once and ends on a byte boundary without ending the stream; each answer deflates only what
 * follows it, with the top as its dictionary so that what follows may point back into it as a browser's
 * decoder sees it, and one gzip member is written around both (RFC 1952: header, deflate data, CRC-32
 * and length of the whole). No library splices deflate streams; zlib does the compressing.
 */

/** Deflate's window: what follows may point back at most this far into the top. */
const WINDOW = 32 * 1024;
/** Kept once: the top deserves zlib's best. */
const HEAD_LEVEL = 9;
/** Per answer, the level `compression` uses for gzip by default. */
const REST_LEVEL = 6;
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
  /** The text's last bytes, at most one window: the dictionary of what follows. */
  window: Buffer;
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
  };
}

/** Whether `body` begins with the head's bytes. */
export function beginsWithHead(head: DeflatedHead, body: Buffer): boolean {
  return body.length >= head.length && body.compare(head.bytes, 0, head.length, 0, head.length) === 0;
}

/** A whole gzip answer: the head as it was deflated once, then `rest` (what follows it) deflated now. */
export function gzipAfterHead(head: DeflatedHead, rest: string | Buffer): Buffer {
  const bytes = typeof rest === "string" ? Buffer.from(rest) : rest;
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
