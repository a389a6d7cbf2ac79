import type { APIRoute } from "astro";
import { parseSitemapFileName, sitemapFileXml, streamOf } from "~/features/seo/sitemaps.server";
import { env } from "~/server/config/env";
import { sharedPage } from "~/server/page-cache/publish";

/** One sitemap of the index (`products-fr-1.xml`), streamed. */
export const GET: APIRoute = async ({ params, locals, rewrite }) => {
  const file = parseSitemapFileName(params.file ?? "");
  const chunks = file ? await sitemapFileXml(env().siteUrl, file) : null;
  if (!chunks) return rewrite("/404");
  sharedPage(locals);
  return new Response(streamOf(chunks), { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
