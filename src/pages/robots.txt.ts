import type { APIRoute } from "astro";
import { env } from "~/server/config/env";

/** Robots: the API and the developers' pages are not for crawlers; the sitemap index is named in full. */
export const GET: APIRoute = () =>
  new Response(`User-agent: *\nDisallow: /api/\nDisallow: /dev/\n\nSitemap: ${env().siteUrl}/sitemap.xml\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
