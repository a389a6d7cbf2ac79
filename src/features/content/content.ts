/**
 * CMS pages (DESIGN.md section 6): pure rules shared by the server and the editor page's browser code.
 * No zod here (the editor's scripts import it).
 */
import type { Culture } from "~/lib/culture";

/** A slug or a key: lower-case words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 120;
export const TITLE_MAX = 200;
export const SEO_DESCRIPTION_MAX = 320;
/** A body larger than this is not a page but a mistake (a pasted document with inline images). */
export const CONTENT_HTML_MAX = 200_000;

/** The page whose content is the shop's home page. */
export const HOME_PAGE_KEY = "home";

/**
 * The legal pages a shop in the EU must show (issue 36), found by key: the footer and the checkout link to
 * `/{culture}/legal/{key}` (`legalPath` in src/lib/url.ts), which shows the page whatever its slug.
 */
export const LEGAL_PAGE_KEYS = ["terms", "privacy", "withdrawal", "legal-notice"] as const;
export type LegalPageKey = (typeof LEGAL_PAGE_KEYS)[number];

export function isLegalPageKey(key: string): key is LegalPageKey {
  return (LEGAL_PAGE_KEYS as readonly string[]).includes(key);
}

/** The public address of a page in a culture. */
export function pageUrl(culture: Culture, key: string, slug: string): string {
  return key === HOME_PAGE_KEY ? `/${culture}/` : `/${culture}/pages/${slug}`;
}

/** A slug made from a title: accents dropped, words joined by hyphens (an editor may still change it). */
export function slugify(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}

/** How long the editor waits after the last keystroke before it refreshes the preview. */
export const PREVIEW_DELAY_MS = 500;
