import type { APIRoute } from "astro";
import { sitemapFiles, sitemapIndexXml } from "~/features/seo/sitemaps.server";
import { env } from "~/server/config/env";
import { sharedPage } from "~/server/page-cache/publish";

/** The sitemap index (features/seo): one file per kind of page and culture, split past 50,000 addresses. */
export const GET: APIRoute = async ({ locals }) => {
  // The same for everyone: the page cache keeps it until the shop's public data changes.
  sharedPage(locals);
  return new Response(sitemapIndexXml(env().siteUrl, await sitemapFiles()), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
};
