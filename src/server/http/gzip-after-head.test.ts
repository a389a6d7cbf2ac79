import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflateHead, gzipAfterHead } from "./gzip-after-head";

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
    const body = gzipAfterHead(head, markup(50, "Suite"));
    expect(gunzipSync(body).toString()).toBe(top + markup(50, "Suite"));
    // A wrong CRC or length is refused by the decoder: the trailer covers the head and the rest.
    const bad = Buffer.from(body);
    bad.writeUInt32LE(bad.readUInt32LE(bad.length - 4) + 1, bad.length - 4);
    expect(() => gunzipSync(bad)).toThrow();
  });
});
