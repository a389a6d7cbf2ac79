import { convert } from "html-to-text";
import type { Culture } from "~/lib/culture";
import { legalPath } from "~/lib/url";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import type { LegalPageKey } from "./content";
import { publishedPage } from "./content.repository";

/** Island tags (sanitised bodies never nest them, but a stray end tag is dropped too): a mail has no islands. */
const ISLAND_TAG = /<shop-island\b[^>]*>[\s\S]*?<\/shop-island>|<\/?shop-island\b[^>]*>/g;

/**
 * A published legal page for a mail (a durable medium, issue 36): its HTML (sanitised when the editor
 * saved it) without island tags, the same as plain text, and its public address; null while the operator
 * has not published it. Kept apart from the page rendering (no island registry): the mail sender runs in
 * scripts and workers too.
 */
export async function legalPageForMail(culture: Culture, key: LegalPageKey) {
  const page = await publishedPage(db(), culture, { key });
  if (!page) return null;
  const html = page.body.replace(ISLAND_TAG, "");
  return {
    title: page.title,
    url: `${env().siteUrl}${legalPath(culture, key)}`,
    html,
    text: convert(html, { wordwrap: 100, selectors: [{ selector: "h2", options: { uppercase: false } }] }),
  };
}
