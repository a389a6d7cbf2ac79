import type { APIRoute } from "astro";
import { navigation } from "~/features/catalog/catalog.server";
import { sitemapPages } from "~/features/content/content.server";
import { sitemapNews } from "~/features/news/news.server";
import { CULTURES, type Culture } from "~/lib/culture";
import { env } from "~/server/config/env";

type Entry = { urls: Partial<Record<Culture, string>>; updated?: string };

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sitemap: each public page once per culture, with its translations as hreflang alternates
 * (home, the editors' pages, the news and their list, the top categories).
 */
export const GET: APIRoute = async () => {
  const site = env().siteUrl;
  const everyCulture = (path: (c: Culture) => string): Entry => ({
    urls: Object.fromEntries(CULTURES.map((c) => [c, path(c)])),
  });
  const categories = await Promise.all(CULTURES.map(async (c) => [c, await navigation(c)] as const));
  const categoryEntries: Entry[] = (categories[0]?.[1] ?? []).map((category) => ({
    urls: Object.fromEntries(
      categories.flatMap(([c, nav]) => {
        const same = nav.find((n) => n.id === category.id);
        return same ? [[c, `/${c}/c/${same.slug}`]] : [];
      }),
    ),
  }));
  const entries: Entry[] = [
    everyCulture((c) => `/${c}/`),
    everyCulture((c) => `/${c}/news`),
    ...(await sitemapPages()).filter((p) => !Object.values(p.urls).some((url) => url?.match(/^\/\w\w\/$/))),
    ...(await sitemapNews()),
    ...categoryEntries,
  ];
  const body = entries
    .flatMap((entry) =>
      Object.entries(entry.urls).map(
        ([, url]) =>
          `<url><loc>${escapeXml(site + url)}</loc>${entry.updated ? `<lastmod>${entry.updated.slice(0, 10)}</lastmod>` : ""}${Object.entries(
            entry.urls,
          )
            .map(([c, alt]) => `<xhtml:link rel="alternate" hreflang="${c}" href="${escapeXml(site + alt)}"/>`)
            .join("")}</url>`,
      ),
    )
    .join("\n");
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`,
    { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } },
  );
};
