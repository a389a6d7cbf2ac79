import { describe, expect, it } from "vitest";
import { slugify } from "./content";
import {
  type Inclusion,
  includeContent,
  islandProblems,
  MAX_INCLUSION_DEPTH,
  MAX_INCLUSIONS_PER_PAGE,
  sanitizeContentHtml,
  splitIslandTags,
  TOP_LEVEL,
} from "./content-html.server";
import { fieldsFromSchema, islandTag, propsFromValues } from "./island-tag";

/** What an attacker (or a careless paste) may put in CMS HTML; none of it may survive. */
const HOSTILE: [string, string, RegExp][] = [
  ["script tag", "<p>a</p><script>alert(1)</script>", /script|alert/],
  ["script in svg", "<svg><script>alert(1)</script></svg>", /svg|script/],
  ["event handler", '<p onclick="x()" onmouseover="y()">a</p>', /on\w+=/],
  ["handler on image", '<img src="/media/a.webp" onerror="x()">', /onerror/],
  ["javascript: link", '<a href="javascript:alert(1)">a</a>', /javascript/i],
  ["mixed-case javascript:", '<a href="JaVaScRiPt:alert(1)">a</a>', /javascript/i],
  ["entity-encoded javascript:", '<a href="&#106;avascript:alert(1)">a</a>', /avascript/i],
  ["javascript: behind whitespace", '<a href=" javascript:alert(1)">a</a>', /javascript/i],
  ["data: link", '<a href="data:text/html,<script>alert(1)</script>">a</a>', /data:|script/],
  ["vbscript: link", '<a href="vbscript:msgbox(1)">a</a>', /vbscript/i],
  ["backslash link to another host", '<a href="/\\evil.example">a</a>', /evil/],
  ["entity-encoded backslash link", '<a href="/&#92;evil.example">a</a>', /evil/],
  ["third-party image", '<img src="https://tracker.example/p.gif">', /tracker|<img/],
  ["protocol-relative image", '<img src="//tracker.example/p.gif">', /tracker/],
  ["iframe", '<iframe src="https://example.com"></iframe>', /iframe/],
  ["object and embed", '<object data="x.swf"></object><embed src="x.swf">', /object|embed/],
  ["form and input", '<form action="https://evil.example"><input name="password"></form>', /form|input/],
  ["style element", "<style>body{display:none}</style>", /style|display/],
  [
    "fixed position",
    '<div style="position:fixed;top:0;left:0;width:100vw;height:100vh">x</div>',
    /position|100vw|height/,
  ],
  ["z-index overlay", '<p style="z-index:99999;transform:scale(10)">x</p>', /z-index|transform/],
  ["expression()", '<p style="color:expression(alert(1))">x</p>', /expression/],
  ["background image URL", '<p style="background:url(https://tracker.example/p.gif)">x</p>', /url\(|tracker/],
  ["unknown class", '<p class="consent modal-backdrop">x</p>', /consent|modal/],
  ["meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example">', /meta|refresh/],
  ["base href", '<base href="https://evil.example/">', /base/],
  ["link stylesheet", '<link rel="stylesheet" href="https://evil.example/x.css">', /link|evil/],
  ["template and slot", "<template><script>alert(1)</script></template>", /template|script/],
  ["id that takes a page element's place", '<p id="consent-dialog">x</p>', /id="consent-dialog"/],
  ["island tag with a handler", '<shop-island name="banner" onclick="x()"></shop-island>', /onclick/],
  ["comment hiding a script", "<!--><script>alert(1)</script>-->", /script/],
  ["unclosed attribute", '<a href="/x" title="a><script>alert(1)</script>">y</a>', /<script/],
];

describe("the CMS sanitiser (sanitize-html, allow-list)", () => {
  it.each(HOSTILE)("removes %s", (_name, html, forbidden) => {
    expect(sanitizeContentHtml(html)).not.toMatch(forbidden);
  });

  it("keeps what editors write: headings, lists, links, our images, tables, allowed styles and classes", () => {
    const html =
      '<h2>Titre</h2><ul><li><a href="/fr/news">news</a></li></ul><img src="/media/a.webp" alt="x" width="10" height="5">' +
      '<table><tr><th scope="col">a</th></tr></table><p style="text-align:center;color:#a00" class="lead">x</p>' +
      '<a href="https://example.com" target="_blank">ext</a><a href="mailto:a@b.c">m</a>';
    const clean = sanitizeContentHtml(html);
    expect(clean).toContain("<h2>Titre</h2>");
    expect(clean).toContain('<a href="/fr/news">news</a>');
    expect(clean).toContain('src="/media/a.webp"');
    expect(clean).toContain('style="text-align:center;color:#a00"');
    expect(clean).toContain('class="lead"');
    expect(clean).toContain('target="_blank" rel="noopener noreferrer"');
    expect(clean).toContain('href="mailto:a@b.c"');
  });

  it("turns a heading 1 into a heading 2 (the page's title is its only h1) and images lazy", () => {
    expect(sanitizeContentHtml('<h1>x</h1><img src="/media/a.webp">')).toBe(
      '<h2>x</h2><img loading="lazy" src="/media/a.webp" />',
    );
  });
});

describe("island tags", () => {
  it("cuts sanitised HTML into HTML and island segments with parsed props", () => {
    const clean = sanitizeContentHtml(
      '<p>a</p><shop-island name="product-carousel" props=\'{"categoryId": 12, "label": "<b>&amp;"}\'></shop-island><p>b</p>',
    );
    expect(splitIslandTags(clean)).toEqual([
      { kind: "html", html: "<p>a</p>" },
      {
        kind: "island",
        name: "product-carousel",
        props: { categoryId: 12, label: "<b>&" },
        propsError: null,
        inner: "",
      },
      { kind: "html", html: "<p>b</p>" },
    ]);
  });

  it("gives an island tag's content to the island, and islands do not nest", () => {
    const clean = sanitizeContentHtml(
      '<shop-island name="see-more"><p>long</p><shop-island name="map"></shop-island><p>more</p></shop-island><p>after</p>',
    );
    const segments = splitIslandTags(clean);
    expect(segments).toHaveLength(2);
    expect(segments[0]).toMatchObject({ kind: "island", name: "see-more", inner: "<p>long</p><p>more</p>" });
    expect(segments[1]).toEqual({ kind: "html", html: "<p>after</p>" });
  });

  it("says what is wrong with a tag: unknown name, props that are not JSON, props the schema refuses", () => {
    const problems = islandProblems(
      '<shop-island name="nope"></shop-island><shop-island name="brand-carousel" props="{oops"></shop-island>' +
        '<shop-island name="product-carousel" props=\'{"limit": 0}\'></shop-island><shop-island name="news-ticker"></shop-island>',
    );
    expect(problems.map((p) => p.Island)).toEqual(["nope", "brand-carousel", "product-carousel"]);
    expect(problems[0]?.Reason).toContain("unknown island");
    expect(problems[1]?.Reason).toContain("JSON");
    expect(problems[2]?.Reason).toContain("limit");
  });
});

describe("the island picker's form", () => {
  const schema = {
    type: "object",
    properties: {
      categoryId: { type: "integer" },
      limit: { type: "integer", default: 8 },
      kind: { type: "string", enum: ["brands", "logos"], default: "brands" },
      fade: { type: "boolean", default: false },
      ids: { type: "array", items: { type: "integer" } },
      markers: { type: "array", items: { type: "object" } },
      title: { type: "string" },
    },
    required: ["title", "limit"],
  };

  it("makes one field per property, of the property's kind", () => {
    const fields = fieldsFromSchema(schema);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ["categoryId", "integer", false],
      ["limit", "integer", false],
      ["kind", "choice", false],
      ["fade", "boolean", false],
      ["ids", "integers", false],
      ["markers", "json", false],
      ["title", "text", true],
    ]);
    expect(fields.find((f) => f.name === "kind")?.choices).toEqual(["brands", "logos"]);
  });

  it("reads the values into props (empty left out) and names what does not parse", () => {
    const fields = fieldsFromSchema(schema);
    expect(
      propsFromValues(fields, {
        categoryId: "12",
        limit: "",
        kind: "logos",
        fade: true,
        ids: "1, 2",
        markers: "[]",
        title: "T",
      }),
    ).toEqual({
      props: { categoryId: 12, kind: "logos", fade: true, ids: [1, 2], markers: [], title: "T" },
      invalid: [],
    });
    expect(propsFromValues(fields, { categoryId: "1.5", ids: "a", markers: "{", title: "" }).invalid).toEqual([
      "categoryId",
      "ids",
      "markers",
      "title",
    ]);
  });

  it("writes a tag the sanitiser and the splitter read back to the same props", () => {
    const props = { title: "L'équipe & co", ids: [1, 2] };
    const tag = islandTag("see-more", props);
    expect(tag).toBe(
      `<shop-island name="see-more" props='{"title":"L&#39;équipe &amp; co","ids":[1,2]}'></shop-island>`,
    );
    expect(splitIslandTags(sanitizeContentHtml(tag))[0]).toMatchObject({ name: "see-more", props });
    expect(islandTag("news-ticker", {})).toBe('<shop-island name="news-ticker"></shop-island>');
  });
});

describe("slugs", () => {
  it("are made from titles without accents or punctuation", () => {
    expect(slugify("L'équipe : À propos !")).toBe("l-equipe-a-propos");
    expect(slugify("Über uns")).toBe("uber-uns");
  });
});

describe("content inside content (a popup's body showing popups)", () => {
  it("refuses a cycle, a chain deeper than the limit, and more inclusions than a page may render", () => {
    const page = {};
    const first = includeContent(TOP_LEVEL, "popup:1", page);
    if (!first.ok) throw new Error("the first inclusion is allowed");
    const second = includeContent(first.inside, "popup:2", page);
    if (!second.ok) throw new Error("a second, different one too");
    expect(includeContent(second.inside, "popup:1", page)).toEqual({ ok: false, reason: "cycle" });
    expect(includeContent(second.inside, "popup:2", page)).toEqual({ ok: false, reason: "cycle" });
    let inclusion: Inclusion = TOP_LEVEL;
    for (let depth = 0; depth < MAX_INCLUSION_DEPTH; depth++) {
      const next = includeContent(inclusion, `popup:deep-${depth}`, {});
      if (!next.ok) throw new Error(`depth ${depth} is allowed`);
      inclusion = next.inside;
    }
    expect(includeContent(inclusion, "popup:deeper", {})).toEqual({ ok: false, reason: "tooDeep" });
    // Side by side, not nested: the page's budget ends it, another page has its own.
    const busy = {};
    for (let i = 0; i < MAX_INCLUSIONS_PER_PAGE; i++)
      expect(includeContent(TOP_LEVEL, `popup:${i}`, busy).ok).toBe(true);
    expect(includeContent(TOP_LEVEL, "popup:one-more", busy)).toEqual({ ok: false, reason: "tooDeep" });
    expect(includeContent(TOP_LEVEL, "popup:one-more", {}).ok).toBe(true);
  });

  it("drops an island tag nested in another's content (a popup inside a see-more shows nothing)", () => {
    const segments = splitIslandTags(
      '<shop-island name="see-more"><p>x</p><shop-island name="popup" props="{}"></shop-island></shop-island>',
    );
    expect(segments).toEqual([{ kind: "island", name: "see-more", props: {}, propsError: null, inner: "<p>x</p>" }]);
  });
});
