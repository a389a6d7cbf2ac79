import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { astroUrlCheck } from "../../scripts/astro-url-check.mjs";
import { islandScripts } from "../../scripts/island-scripts.mjs";
import { reactStringRender } from "../../scripts/react-string-render.mjs";

const require = createRequire(import.meta.url);
type Transform = (code: string, id: string) => string | undefined;
const transformOf = (plugin: { transform?: unknown }) => plugin.transform as Transform;

describe("the build's patches of Astro's renderers (decision 051)", () => {
  it("routes React islands through renderToString with their prefix and slot wrapper, and checks a component once", () => {
    const id = require.resolve("@astrojs/react/server.js");
    const patched = transformOf(reactStringRender())(readFileSync(id, "utf8"), id) as string;
    expect(patched).toContain(
      "islandHtml(Component, newProps, prefix, () => ReactDOM.renderToString(vnode, renderOptions), StaticHtml)",
    );
    expect(patched).toContain("checked.set(Component, answer)");
    expect(transformOf(reactStringRender())("export {}", "/x/other.js")).toBeUndefined();
    expect(() => transformOf(reactStringRender())("changed", id)).toThrow(/review this patch/);
  });

  it("answers as Astro's own URL check without throwing for relative links", () => {
    const id = join(dirname(require.resolve("astro/package.json")), "dist/runtime/server/render/util.js");
    const source = readFileSync(id, "utf8");
    const patched = transformOf(astroUrlCheck())(source, id) as string;
    const pick = (code: string) =>
      new Function(
        `${/const VALID_PROTOCOLS[^;]*;\nfunction isHttpUrl\(url\) \{[\s\S]*?\n\}/.exec(code)?.[0]}\nreturn isHttpUrl;`,
      )() as (url: string) => boolean;
    const before = pick(source);
    const after = pick(patched);
    for (const url of [
      "/fr/catalog/wishlist/popup?productVariantId=1&returnUrl=%2Ffr",
      "https://example.com/?a=1&b=2",
      "HTTP://example.com/?a=1&b=2",
      "  http://example.com/?a&b",
      "mailto:shop@vitrine.test?subject=a&body=b",
      "javascript:alert(1)&x",
      "?a=1&b=2",
    ])
      expect(after(url), url).toBe(before(url));
    expect(() => transformOf(astroUrlCheck())("changed", id)).toThrow(/review/);
  });

  it("keeps Astro's island loader and directive scripts out of every render (decision 079)", async () => {
    const id = join(dirname(require.resolve("astro/package.json")), "dist/runtime/server/scripts.js");
    const source = readFileSync(id, "utf8");
    const patched = transformOf(islandScripts())(source, id) as unknown as { code: string };
    const pick = (code: string) =>
      new Function(
        "process",
        "islandScript",
        "ISLAND_STYLES",
        `${/function getDirectiveScriptText[\s\S]*?\n\}\nfunction getPrescripts[\s\S]*?\n\}/.exec(code)?.[0]}\nreturn getPrescripts;`,
      )({ env: {} }, "customElements.define()", "astro-island{}") as (r: unknown, t: string, d: string) => string;
    const result = { clientDirectives: new Map([["idle", "idle()"]]) };
    // Unpatched, a page's first island brings the loader, its style and its directive's script.
    expect(pick(source)(result, "both", "idle")).toContain("<script>idle()</script>");
    expect(pick(patched.code)(result, "both", "idle")).toBe("");
    expect(pick(patched.code)(result, "directive", "idle")).toBe("");
    expect(transformOf(islandScripts())("export {}", "/x/other.js")).toBeUndefined();
    expect(() => transformOf(islandScripts())("changed", id)).toThrow(/review/);
  });
});
