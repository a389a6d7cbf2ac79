import { afterEach, describe, expect, it } from "vitest";
import { handPageVersion } from "../../tests/support/page-version";
import { KEPT_NAME_MAX_CHARS, keptHtml } from "./kept-html";
import { registerPublicVersion } from "./page-cache/registry";

const version = handPageVersion;

afterEach(() => registerPublicVersion(undefined));

describe("kept parts of the page chrome", () => {
  it("renders a part once per name while public data keeps its version", async () => {
    const v = version(3);
    let renders = 0;
    const nav = (name: string) => keptHtml(name, async () => `<nav>${name} ${++renders}</nav>`);
    expect(await nav("site-nav:fr:1")).toBe("<nav>site-nav:fr:1 1</nav>");
    expect(await nav("site-nav:fr:1")).toBe("<nav>site-nav:fr:1 1</nav>");
    expect(await nav("site-nav:nl:1")).toBe("<nav>site-nav:nl:1 2</nav>");
    v.set(4);
    expect(await nav("site-nav:fr:1")).toBe("<nav>site-nav:fr:1 3</nav>");
  });

  it("renders every time a part that holds an island or a script, or when the version is unknown", async () => {
    version(1);
    let renders = 0;
    const island = () => keptHtml("with-island", async () => `<astro-island uid="${++renders}"></astro-island>`);
    expect(await island()).toBe('<astro-island uid="1"></astro-island>');
    expect(await island()).toBe('<astro-island uid="2"></astro-island>');
    const script = () => keptHtml("with-script", async () => `<script>${++renders}</script>`);
    expect(await script()).toBe("<script>3</script>");
    expect(await script()).toBe("<script>4</script>");
    registerPublicVersion(undefined);
    const plain = () => keptHtml("plain", async () => `<p>${++renders}</p>`);
    expect(await plain()).toBe("<p>5</p>");
    expect(await plain()).toBe("<p>6</p>");
  });

  it("renders every time a part whose name is too long to keep (a visitor's own long address)", async () => {
    version(1);
    let renders = 0;
    const name = `site-nav:fr:/fr/c/vetements?q=${"x".repeat(KEPT_NAME_MAX_CHARS)}`;
    const part = () => keptHtml(name, async () => `<nav>${++renders}</nav>`);
    expect(await part()).toBe("<nav>1</nav>");
    expect(await part()).toBe("<nav>2</nav>");
  });

  it("passes a failed render on and keeps nothing of it", async () => {
    version(1);
    let fail = true;
    const part = () =>
      keptHtml("failing", async () => {
        if (fail) throw new Error("database away");
        return "<p>back</p>";
      });
    await expect(part()).rejects.toThrow("database away");
    fail = false;
    expect(await part()).toBe("<p>back</p>");
  });
});
