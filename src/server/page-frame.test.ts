import { gunzipSync } from "node:zlib";
import { chunkToString } from "astro/runtime/server/render/common.js";
import { createRenderInstruction } from "astro/runtime/server/render/instruction.js";
import { afterEach, describe, expect, it } from "vitest";
import { handPageVersion } from "../../tests/support/page-version";
import { GAP_STEP } from "./http/gzip-after-head";
import { registerPublicVersion } from "./page-cache/registry";
import {
  captureFrame,
  FRAME_KEY_MAX_CHARS,
  FRAMES_KEPT,
  forgetFrames,
  frameKey,
  frameMark,
  isFramed,
  keepNothingOf,
  keptFrame,
  replayFrame,
  sendAroundFrame,
  startCapture,
} from "./page-frame";

afterEach(() => {
  registerPublicVersion(undefined);
  forgetFrames();
});

/** What Astro's render holds that a kept frame speaks for. */
function render() {
  return { _metadata: { hasRenderedHead: false } };
}

/** A page as Astro renders it around marked content. */
function page(capture: NonNullable<ReturnType<typeof startCapture>>, top: string, content: string, bottom: string) {
  return `${top}${frameMark(capture, "start")}${content}${frameMark(capture, "end")}${bottom}`;
}

describe("her pages' kept frame (decision 065)", () => {
  it("keeps what is around the page's content while public data keeps its version; the page leaves without its marks", () => {
    const v = handPageVersion(3);
    const key = frameKey(["fr", "/fr/account", "BE", null, false, { title: "Mon compte" }]) as string;
    expect(keptFrame(key)).toBeUndefined();
    const capture = startCapture(key);
    if (!capture) throw new Error("no capture with a version");
    // Its islands need nothing of the page's content: their loader is in no page (decision 079).
    const top = `<html><head></head><body><header><astro-island client="interaction" prefix="r0"></astro-island></header><main>`;
    const bottom = "</main><footer></footer></body></html>";
    expect(captureFrame(capture, page(capture, top, "<p>Bonjour Aline</p>", bottom))).toBe(
      `${top}<p>Bonjour Aline</p>${bottom}`,
    );
    expect(keptFrame(key)).toEqual({ top, bottom });
    // Another key, or the same once public data has moved: nothing kept.
    expect(keptFrame(frameKey(["nl", "/nl/account"]) as string)).toBeUndefined();
    v.set(4);
    expect(keptFrame(key)).toBeUndefined();
  });

  it("keeps nothing rendered while public data moved, of a render that showed less than it should, or without a version", () => {
    const v = handPageVersion(1);
    const key = frameKey(["fr", "/fr/shoppingcarts"]) as string;
    const moved = startCapture(key);
    if (!moved) throw new Error("no capture with a version");
    v.set(2);
    captureFrame(moved, page(moved, "<header>", "<p>cart</p>", "<footer>"));
    expect(keptFrame(key)).toBeUndefined();

    const degraded = startCapture(key);
    if (!degraded) throw new Error("no capture with a version");
    keepNothingOf({ frameCapture: degraded });
    expect(captureFrame(degraded, page(degraded, "<header>", "<p>cart</p>", "<footer>"))).toBe(
      "<header><p>cart</p><footer>",
    );
    expect(keptFrame(key)).toBeUndefined();

    registerPublicVersion(undefined);
    expect(startCapture(key)).toBeNull();
    // A key too long (visitors write the address in it) is rendered every time.
    expect(frameKey(["fr", `/fr/checkout?q=${"x".repeat(FRAME_KEY_MAX_CHARS)}`])).toBeNull();
  });

  it("tells the render its head is written, and numbers the content's islands apart", () => {
    const state = render();
    replayFrame(state);
    expect(state._metadata).toEqual({ hasRenderedHead: true });
    expect(isFramed(state)).toBe(true);
    expect(isFramed(render())).toBe(false);
  });

  it("speaks for the head in the words Astro's own renderer reads (an upgrade that renames them fails here)", () => {
    // What a render of Astro holds (core/render-context.js createResult), as far as writing these goes.
    const astroRender = () => ({
      ...render(),
      _metadata: {
        hasRenderedHead: false,
        headInTree: false,
        hasHydrationScript: false,
        hasDirectives: new Set<string>(),
        rendererSpecificHydrationScripts: new Set<string>(),
        extraHead: [],
      },
      partial: false,
      styles: new Set([{ props: {}, children: "main{}" }]),
      scripts: new Set(),
      links: new Set(),
    });
    type Instruction = Parameters<typeof createRenderInstruction>[0];
    const write = (state: object, instruction: Instruction) =>
      String(chunkToString(state as Parameters<typeof chunkToString>[0], createRenderInstruction(instruction)));
    const head = { type: "head" } as Instruction;

    const whole = astroRender();
    expect(write(whole, head)).toBe("<style>main{}</style>");

    const framed = astroRender();
    replayFrame(framed);
    expect(write(framed, head)).toBe("");
  });

  it("keeps at most FRAMES_KEPT frames, the least recently used out first", () => {
    handPageVersion(1);
    const keep = (path: string) => {
      const capture = startCapture(path);
      if (!capture) throw new Error("no capture with a version");
      captureFrame(capture, page(capture, `<header>${path}`, "", "<footer>"));
    };
    for (let i = 0; i < FRAMES_KEPT; i++) keep(`/fr/p/${i}`);
    expect(keptFrame("/fr/p/0")).toBeDefined();
    keep("/fr/p/new");
    expect(keptFrame("/fr/p/0")).toBeDefined();
    expect(keptFrame("/fr/p/1")).toBeUndefined();
  });

  it("sends a page around a kept frame gzipped, the frame's top compressed once; anything else as it came", async () => {
    const top = `<!DOCTYPE html><html lang="fr"><head><title>Panier</title></head><body>${"<nav>Rayons é</nav>".repeat(400)}<main>`;
    const frame = { top, bottom: "</main><footer>Vitrine</footer></body></html>" };
    const html = `${top}<h1>Bonjour Aline</h1>${frame.bottom}`;
    const answer = (body: string, type = "text/html; charset=utf-8") => {
      const headers = new Headers({ "Content-Type": type, Vary: "Cookie" });
      headers.append("Set-Cookie", "vitrine_sid=a; Path=/");
      headers.append("Set-Cookie", "vitrine_flash=; Max-Age=0");
      return new Response(body, { status: 200, headers });
    };
    const asked = (encoding: string) =>
      new Request("http://shop.test/fr/shoppingcarts", { headers: { "Accept-Encoding": encoding } });

    const sent = await sendAroundFrame(frame, asked("br, gzip"), answer(html));
    expect(sent.headers.get("content-encoding")).toBe("gzip");
    expect(sent.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(sent.headers.getSetCookie()).toHaveLength(2);
    const body = Buffer.from(await sent.arrayBuffer());
    expect(Number(sent.headers.get("content-length"))).toBe(body.length);
    // Her content padded with spaces: the bottom was deflated once for that length (decision 068).
    const decoded = gunzipSync(body).toString();
    expect(decoded.replace(/<\/h1> +<\/main>/, "</h1></main>")).toBe(html);
    expect(Buffer.byteLength(decoded) - Buffer.byteLength(frame.top + frame.bottom)).toBe(GAP_STEP);
    // The top went out compressed: far less than the page itself.
    expect(body.length).toBeLessThan(Buffer.byteLength(html) / 10);
    // A second shopper: the same top, her own content.
    const second = await sendAroundFrame(frame, asked("gzip"), answer(`${top}<h1>Bonjour Bruno</h1>${frame.bottom}`));
    expect(gunzipSync(Buffer.from(await second.arrayBuffer())).toString()).toMatch(/Bonjour Bruno<\/h1> +<\/main>/);

    for (const [encoding, page, type] of [
      ["br;q=1, gzip;q=0", html, "text/html"],
      ["identity", html, "text/html"],
      ["gzip", `<!DOCTYPE html><html lang="nl">${html.slice(40)}`, "text/html"],
      ["gzip", html, "application/json"],
    ] as const) {
      const as = await sendAroundFrame(frame, asked(encoding), answer(page, type));
      expect(as.headers.get("content-encoding")).toBeNull();
      expect(await as.text()).toBe(page);
    }
  });
});
