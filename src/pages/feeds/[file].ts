import type { APIRoute } from "astro";
import { parseFeedName, productFeed } from "~/features/seo/feeds.server";
import { streamOf } from "~/features/seo/sitemaps.server";
import { env } from "~/server/config/env";
import { sharedPage } from "~/server/page-cache/publish";

/** A product feed (`products.fr-be.xml`, Google Merchant Center RSS; `products.fr-be.jsonl`), streamed. */
export const GET: APIRoute = async ({ params, locals, rewrite }) => {
  const name = parseFeedName(params.file ?? "");
  const chunks = name ? await productFeed(env().siteUrl, name) : null;
  if (!name || !chunks) return rewrite("/404");
  sharedPage(locals);
  const type = name.format === "xml" ? "application/xml" : "application/x-ndjson";
  return new Response(streamOf(chunks), { headers: { "Content-Type": `${type}; charset=utf-8` } });
};
