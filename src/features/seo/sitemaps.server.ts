import {
  type Located,
  sitemapBrands,
  sitemapCategories,
  sitemapProductSize,
  sitemapProducts,
} from "~/features/catalog/catalog-sitemap.server";
import { sitemapPages } from "~/features/content/content.server";
import { sitemapNews } from "~/features/news/news.server";
import { CULTURES, type Culture, isCulture } from "~/lib/culture";

/** The sitemaps protocol's limit of one file; a larger kind is split into numbered parts. */
export const SITEMAP_MAX_URLS = 50_000;

export const SITEMAP_KINDS = ["pages", "categories", "brands", "products", "news"] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** One file of the index: a kind of page in a culture, part 1, 2, … */
export interface SitemapFile {
  kind: SitemapKind;
  culture: Culture;
  part: number;
  lastmod?: string;
}

export const sitemapFileName = (f: Pick<SitemapFile, "kind" | "culture" | "part">) =>
  `${f.kind}-${f.culture}-${f.part}.xml`;

/** `products-fr-2.xml` → its kind, culture and part; null for any other name. */
export function parseSitemapFileName(name: string): Pick<SitemapFile, "kind" | "culture" | "part"> | null {
  const match = /^([a-z]+)-([a-z]{2})-([1-9]\d{0,4})\.xml$/.exec(name);
  if (!match) return null;
  const [, kind, culture, part] = match;
  if (!SITEMAP_KINDS.includes(kind as SitemapKind) || !isCulture(culture ?? "")) return null;
  return { kind: kind as SitemapKind, culture: culture as Culture, part: Number(part) };
}

const latest = (dates: (string | undefined)[]) =>
  dates.reduce<string | undefined>((max, d) => (d && (!max || d > max) ? d : max), undefined);

/** The small kinds, read whole: every address in every culture. */
async function smallKind(kind: Exclude<SitemapKind, "products">): Promise<Located[]> {
  const every = (path: (c: Culture) => string): Located => ({
    urls: Object.fromEntries(CULTURES.map((c) => [c, path(c)])),
  });
  switch (kind) {
    case "pages": {
      // The home page is there even without an editors' page of key `home` (which would name it again).
      const pages = (await sitemapPages()).filter(
        (p) => !Object.values(p.urls).some((url) => /^\/\w\w\/$/.test(url ?? "")),
      );
      return [every((c) => `/${c}/`), every((c) => `/${c}/news`), ...pages];
    }
    case "categories":
      return sitemapCategories();
    case "brands":
      return sitemapBrands();
    case "news":
      return sitemapNews();
  }
}

/** The index: every file with at least one address, with the latest change of what it lists. */
export async function sitemapFiles(max = SITEMAP_MAX_URLS): Promise<SitemapFile[]> {
  const files: SitemapFile[] = [];
  for (const kind of SITEMAP_KINDS) {
    if (kind === "products") {
      for (const culture of CULTURES) {
        const { count, updated } = await sitemapProductSize(culture);
        for (let part = 1; (part - 1) * max < count; part++) files.push({ kind, culture, part, lastmod: updated });
      }
      continue;
    }
    const entries = await smallKind(kind);
    for (const culture of CULTURES) {
      const own = entries.filter((e) => e.urls[culture]);
      for (let part = 1; (part - 1) * max < own.length; part++) {
        const slice = own.slice((part - 1) * max, part * max);
        files.push({ kind, culture, part, lastmod: latest(slice.map((e) => e.updated)) });
      }
    }
  }
  return files;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const day = (iso: string) => iso.slice(0, 10);

function urlElement(site: string, culture: Culture, entry: Located): string {
  const own = entry.urls[culture] as string;
  const alternates = Object.entries(entry.urls)
    .map(([c, url]) => `<xhtml:link rel="alternate" hreflang="${c}" href="${escapeXml(site + url)}"/>`)
    .join("");
  return `<url><loc>${escapeXml(site + own)}</loc>${entry.updated ? `<lastmod>${day(entry.updated)}</lastmod>` : ""}${alternates}</url>\n`;
}

/** The index document. */
export function sitemapIndexXml(site: string, files: SitemapFile[]): string {
  const items = files
    .map(
      (f) =>
        `<sitemap><loc>${escapeXml(`${site}/sitemaps/${sitemapFileName(f)}`)}</loc>${f.lastmod ? `<lastmod>${day(f.lastmod)}</lastmod>` : ""}</sitemap>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

/**
 * One file, written as it is read (a products file of 20,000 addresses with their alternates is some
 * 15 MB); null when the file does not exist (an unknown or empty part).
 */
export async function sitemapFileXml(
  site: string,
  file: Pick<SitemapFile, "kind" | "culture" | "part">,
  max = SITEMAP_MAX_URLS,
): Promise<AsyncGenerator<string> | null> {
  const { kind, culture, part } = file;
  const offset = (part - 1) * max;
  let batches: AsyncIterable<Located[]>;
  if (kind === "products") {
    if (offset >= (await sitemapProductSize(culture)).count) return null;
    batches = sitemapProducts(culture, offset, max);
  } else {
    const own = (await smallKind(kind)).filter((e) => e.urls[culture]).slice(offset, offset + max);
    if (own.length === 0) return null;
    batches = (async function* () {
      yield own;
    })();
  }
  return (async function* () {
    yield `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
    for await (const batch of batches) yield batch.map((entry) => urlElement(site, culture, entry)).join("");
    yield "</urlset>\n";
  })();
}

/** An async generator of text as a response body. */
export function streamOf(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
