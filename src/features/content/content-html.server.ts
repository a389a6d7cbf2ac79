import sanitizeHtml from "sanitize-html";
import { resolveIslandProps } from "~/features/islands/islands";
import { ISLANDS } from "~/features/islands/registry";

/**
 * CMS HTML (DESIGN.md section 6): editors write it, shoppers read it. Even so it goes through an
 * allow-list sanitiser (sanitize-html) on every write and every render: no script, no event handler,
 * no `javascript:` or third-party image URL, no style that could leave its box (position, z-index,
 * sizes in viewport units...), no frame. Island tags (`<shop-island name props>`) survive it and are
 * cut out as their own segments, to be rendered by the island registry.
 */

const ISLAND_TAG = "shop-island";

/** CSS an editor may set inline: typography and colour, nothing that moves or overlays. */
const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.%\s,/]+\)$/i, /^[a-z]{3,20}$/i];
const ALLOWED_STYLES: Record<string, RegExp[]> = {
  "text-align": [/^(left|right|center|justify|start|end)$/],
  color: COLOUR,
  "background-color": COLOUR,
  "font-weight": [/^(normal|bold|[1-9]00)$/],
  "font-style": [/^(normal|italic)$/],
  "text-decoration": [/^(none|underline|line-through)$/],
};

/** Classes of our own stylesheet that an editor may use (layout helpers, never overlays). */
const ALLOWED_CLASSES = ["button", "button--secondary", "lead", "text-center", "content-columns", "content-wide"];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "sub",
    "sup",
    "mark",
    "abbr",
    "cite",
    "q",
    "code",
    "pre",
    "span",
    "div",
    "section",
    "figure",
    "figcaption",
    "a",
    "img",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "details",
    "summary",
    ISLAND_TAG,
  ],
  allowedAttributes: {
    "*": ["class", "style", "title", "lang", "dir", "id"],
    a: ["href", "target", "rel", "hreflang"],
    img: ["src", "alt", "width", "height", "loading"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    ol: ["start", "reversed"],
    abbr: ["title"],
    details: ["open"],
    [ISLAND_TAG]: ["name", "props"],
  },
  allowedClasses: { "*": ALLOWED_CLASSES },
  allowedStyles: { "*": ALLOWED_STYLES },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  // Images come from the asset library (our own origin): no tracking pixel, no third-party request.
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // An image without a source (a refused URL) is nothing to show.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  // Titles are the page's own: a heading 1 in the body becomes a heading 2.
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => {
      const next = { ...attribs };
      // Browsers read a backslash as a slash: "/\\evil.example" is another host.
      if (next.href?.includes("\\")) delete next.href;
      if (next.target && next.target !== "_blank") delete next.target;
      if (next.target === "_blank") next.rel = "noopener noreferrer";
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { loading: "lazy", ...attribs } }),
    // An id is namespaced so that it cannot take the place of one of the page's own (a form's, a dialog's).
    "*": (tagName, attribs) => {
      if (!attribs.id) return { tagName, attribs };
      const id = attribs.id.replace(/[^A-Za-z0-9_-]/g, "");
      return { tagName, attribs: { ...attribs, id: id ? `content-${id}` : "" } };
    },
  },
};

/** The HTML an editor wrote, with everything outside the allow-list removed. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

export type ContentSegment =
  | { kind: "html"; html: string }
  | { kind: "island"; name: string; props: unknown; propsError: string | null; inner: string };

/** The five entities sanitize-html writes into attribute values. */
function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const TOKEN = /<shop-island((?:\s+[a-z-]+="[^"]*")*)\s*>|<\/shop-island>/g;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;

function islandSegment(attributeText: string, inner: string): ContentSegment {
  const attributes = Object.fromEntries(
    [...attributeText.matchAll(ATTRIBUTE)].map((a) => [a[1], decodeAttribute(a[2] ?? "")]),
  );
  let props: unknown = {};
  let propsError: string | null = null;
  if (attributes.props?.trim()) {
    try {
      props = JSON.parse(attributes.props);
    } catch {
      propsError = "props are not valid JSON";
    }
  }
  // Islands do not nest: a tag inside another's content is dropped, its own content kept.
  const flat = inner.replace(/<shop-island(?:\s+[a-z-]+="[^"]*")*\s*>|<\/shop-island>/g, "");
  return { kind: "island", name: attributes.name ?? "", props, propsError, inner: flat };
}

/**
 * Sanitised HTML cut into plain HTML and island tags. Runs on the sanitiser's output, whose tags are
 * balanced and whose attribute quoting is regular, so a scan of the island tags is enough.
 */
export function splitIslandTags(clean: string): ContentSegment[] {
  const segments: ContentSegment[] = [];
  let last = 0;
  let depth = 0;
  let open: { at: number; innerFrom: number; attributes: string } | null = null;
  for (const match of clean.matchAll(TOKEN)) {
    const closing = match[0].startsWith("</");
    if (!closing) {
      if (depth === 0) open = { at: match.index, innerFrom: match.index + match[0].length, attributes: match[1] ?? "" };
      depth += 1;
      continue;
    }
    if (depth === 0) continue;
    depth -= 1;
    if (depth > 0 || !open) continue;
    if (open.at > last) segments.push({ kind: "html", html: clean.slice(last, open.at) });
    segments.push(islandSegment(open.attributes, clean.slice(open.innerFrom, match.index)));
    last = match.index + match[0].length;
    open = null;
  }
  if (last < clean.length) segments.push({ kind: "html", html: clean.slice(last) });
  return segments;
}

const MEMO_LIMIT = 500;
const memo = new Map<string, ContentSegment[]>();

/**
 * Content HTML ready to render: sanitised and split, remembered for the same text (a page's body is
 * rendered many times; the sanitiser is the costly part).
 */
export function contentSegments(html: string): ContentSegment[] {
  const known = memo.get(html);
  if (known) return known;
  const segments = splitIslandTags(sanitizeContentHtml(html));
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
  memo.set(html, segments);
  return segments;
}

/** What an editor is told about the island tags of a text: each unknown name or invalid props. */
export function islandProblems(html: string): { Island: string; Reason: string }[] {
  return contentSegments(html).flatMap((segment) => {
    if (segment.kind !== "island") return [];
    if (segment.propsError) return [{ Island: segment.name, Reason: segment.propsError }];
    const resolved = resolveIslandProps(ISLANDS, segment.name, segment.props);
    return resolved.ok ? [] : [{ Island: segment.name, Reason: resolved.reason }];
  });
}

/**
 * Content inside content: a popup's body may hold island tags, one of which may be a popup. The trail
 * of what a render is already inside stops a cycle (a popup that shows itself, directly or through
 * another) and a chain deeper than MAX_INCLUSION_DEPTH; a page renders at most
 * MAX_INCLUSIONS_PER_PAGE included bodies whatever their shape, so no editor's mistake can make one
 * request render without end.
 */
export interface Inclusion {
  /** What this render is inside, outermost first ("popup:3"). */
  trail: readonly string[];
  /** Editors see why an inclusion renders nothing. */
  preview: boolean;
}

export const MAX_INCLUSION_DEPTH = 4;
export const MAX_INCLUSIONS_PER_PAGE = 24;

export const TOP_LEVEL: Inclusion = { trail: [], preview: false };

const included = new WeakMap<object, number>();

/**
 * May the content `key` be rendered inside `inclusion`, for the page of `request`? Counts it
 * against the page's budget when it may; says why not otherwise.
 */
export function includeContent(
  inclusion: Inclusion,
  key: string,
  request: object,
): { ok: true; inside: Inclusion } | { ok: false; reason: "cycle" | "tooDeep" } {
  if (inclusion.trail.includes(key)) return { ok: false, reason: "cycle" };
  const count = included.get(request) ?? 0;
  if (inclusion.trail.length >= MAX_INCLUSION_DEPTH || count >= MAX_INCLUSIONS_PER_PAGE)
    return { ok: false, reason: "tooDeep" };
  included.set(request, count + 1);
  return { ok: true, inside: { trail: [...inclusion.trail, key], preview: inclusion.preview } };
}
