import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  deflatableTail,
  deflateHead,
  endsWithTail,
  GAP_STEP,
  gzipAfterHead,
  gzipAround,
  padMiddle,
  TAILS_KEPT,
} from "./gzip-after-head";

/** Text like a page's: repeated markup with accents and a symbol outside the BMP. */
function markup(n: number, word: string): string {
  return Array.from({ length: n }, (_, i) => `<li class="item item--${i % 7}">${word} n° ${i} — 🛒</li>`).join("\n");
}

describe("gzip after a head deflated once", () => {
  it("makes one gzip member a browser decodes to the whole text, however the text is cut", () => {
    const text = `<!DOCTYPE html><html lang="fr"><body>${markup(400, "Élément")}</body></html>`;
    for (const at of [0, 1, 37, 5000, text.length - 1, text.length]) {
      const head = deflateHead(text.slice(0, at));
      const body = gzipAfterHead(head, text.slice(at));
      expect(gunzipSync(body).toString()).toBe(text);
    }
  });

  it("lets what follows point back into the head: as small as gzip of the whole", () => {
    const top = `<header>${markup(300, "Panier")}</header><main>`;
    const rest = `${markup(40, "Panier")}</main><footer>${markup(200, "Panier")}</footer>`;
    const whole = gzipSync(Buffer.from(top + rest), { level: 6 }).length;
    const spliced = gzipAfterHead(deflateHead(top), rest).length;
    expect(spliced).toBeLessThanOrEqual(whole * 1.02);
    // Without the head as dictionary, what follows would be compressed on its own: far larger.
    expect(spliced).toBeLessThan(gzipSync(Buffer.from(top)).length + gzipSync(Buffer.from(rest)).length);
  });

  it("keeps only the last window of a long head as dictionary, and checks length and CRC of the whole", () => {
    const top = markup(3000, "Tête");
    expect(Buffer.byteLength(top)).toBeGreaterThan(100_000);
    const head = deflateHead(top);
    expect(head.window.length).toBe(32 * 1024);
    // A shopper's content between top and bottom looks back 8 KB only.
    expect(head.recent.equals(head.window.subarray(-8 * 1024))).toBe(true);
    const body = gzipAfterHead(head, markup(50, "Suite"));
    expect(gunzipSync(body).toString()).toBe(top + markup(50, "Suite"));
    // A wrong CRC or length is refused by the decoder: the trailer covers the head and the rest.
    const bad = Buffer.from(body);
    bad.writeUInt32LE(bad.readUInt32LE(bad.length - 4) + 1, bad.length - 4);
    expect(() => gunzipSync(bad)).toThrow();
  });

  it("deflates the tail once per length of middle: one copy serves every middle of that length", () => {
    const top = `<!DOCTYPE html><html lang="fr"><body><header>${markup(300, "Panier")}</header><main>`;
    // The bottom repeats her content: deflated after her real content, it would point into it.
    const bottom = `</main><footer>${markup(120, "Panier")}${markup(3, "Aline")}</footer></body></html>`;
    const head = deflateHead(top);
    const tail = deflatableTail(bottom);
    if (!tail) throw new Error("a bottom without NUL is deflatable");
    // Two shoppers' contents of one padded length: the second reuses the tail deflated for the first,
    // and each decodes to its own page (the tail points back into the top at the right distance).
    const hers = padMiddle(Buffer.from(`${markup(3, "Aline")}`));
    const his = padMiddle(Buffer.from(`${markup(3, "Bruno")}`));
    expect(hers.length % GAP_STEP).toBe(0);
    expect(his.length).toBe(hers.length);
    const first = gzipAround(head, hers, tail);
    const kept = tail.byGap.get(hers.length);
    const second = gzipAround(head, his, tail);
    expect(tail.byGap.get(his.length)).toBe(kept);
    expect(gunzipSync(first).toString()).toBe(top + hers.toString() + bottom);
    expect(gunzipSync(second).toString()).toBe(top + his.toString() + bottom);
    // The deflated tail holds nothing of the middle it was made after.
    expect(kept?.includes(Buffer.from("Aline"))).toBe(false);
    // As small as compressing it all now: the tail still points back into the top.
    expect(first.length).toBeLessThanOrEqual(
      gzipAfterHead(head, Buffer.concat([hers, Buffer.from(bottom)])).length * 1.03,
    );
  });

  it("decodes with any middle: none, short, long past a window; keeps at most TAILS_KEPT tails", () => {
    const top = markup(200, "Tête");
    const bottom = markup(80, "Pied");
    const head = deflateHead(top);
    const tail = deflatableTail(bottom);
    if (!tail) throw new Error("a bottom without NUL is deflatable");
    for (const middle of ["", "é", markup(10, "Milieu"), markup(900, "Milieu")]) {
      const padded = padMiddle(Buffer.from(middle));
      expect(padded.toString().trimEnd()).toBe(middle.trimEnd());
      expect(gunzipSync(gzipAround(head, padded, tail)).toString()).toBe(top + padded.toString() + bottom);
    }
    for (let n = 1; n <= TAILS_KEPT + 3; n++) gzipAround(head, padMiddle(Buffer.from(markup(n * 8, "Milieu"))), tail);
    expect(tail.byGap.size).toBe(TAILS_KEPT);
  });

  it("leaves a tail holding a NUL byte to be compressed with the rest, and finds the tail only at the end", () => {
    expect(deflatableTail("<footer>\u0000</footer>")).toBeNull();
    const tail = deflatableTail("</main></body>");
    if (!tail) throw new Error("deflatable");
    expect(endsWithTail(tail, Buffer.from("<main>x</main></body>"), 6)).toBe(true);
    expect(endsWithTail(tail, Buffer.from("<main>x</main></body> "), 6)).toBe(false);
    // The tail may not overlap the head.
    expect(endsWithTail(tail, Buffer.from("</main></body>"), 6)).toBe(false);
  });
});
