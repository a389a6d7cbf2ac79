/** schema.org JSON-LD documents the pages carry (issue 36), serialised safely for a `<script>`. */

export const jsonLd = (doc: Record<string, unknown>): string => JSON.stringify(doc).replace(/</g, "\\u003c");

/** A page's place in the shop: the steps from home to the page itself, each with its name and path. */
export function breadcrumbList(site: string, steps: { name: string; path: string }[]): string {
  return jsonLd({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: step.name,
      item: `${site}${step.path}`,
    })),
  });
}

/** The home page's Organization and WebSite, with the search box search engines may show. */
export function homeStructuredData(site: string, culture: string, name: string): string[] {
  return [
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Organization",
      name,
      url: `${site}/`,
      logo: `${site}/favicon.svg`,
    }),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "WebSite",
      name,
      url: `${site}/${culture}/`,
      inLanguage: culture,
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${site}/${culture}/catalog?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    }),
  ];
}
