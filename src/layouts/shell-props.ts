import type { Alternates } from "~/lib/alternates";

/** What a page tells its shell (src/layouts/Shell.astro). */
export interface ShellProps {
  title: string;
  description?: string;
  /** The page in each culture; defaults to the same path with the culture segment replaced. */
  alternates?: Alternates;
  /** Marks the navigation entry of the current category. */
  currentCategoryId?: number;
  noindex?: boolean;
  /** Show the older cookie-law banner on this page whatever the setting (fixtures). */
  cookieLawBanner?: boolean;
  /** Classes of this kind of page on <body> (spec 001: custom body classes), e.g. "page--product". */
  bodyClass?: string;
  /** What a shared link shows beyond title and description (Open Graph, Twitter cards). */
  share?: {
    type?: "website" | "product" | "article";
    /** A 1200 × 630 picture, path from the site's root. */
    image?: string;
    imageAlt?: string;
    /** A product's price with VAT, "12.34", and its currency. */
    price?: { amount: string; currency: string };
  };
  /** Structured data of the page (JSON-LD documents, already serialised safely for a script). */
  structuredData?: string[];
}
