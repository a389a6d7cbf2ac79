/** URL slug: lower case ASCII, accents removed, words joined by hyphens ("Écharpe en lin" -> "echarpe-en-lin"). */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Product and category slugs end with their id so they stay unique and resolvable: "pull-mistral-12". */
export function slugWithId(text: string, id: number): string {
  return `${slugify(text)}-${id}`;
}

/** The id at the end of a slug, or null. */
export function idFromSlug(slug: string): number | null {
  const match = /-(\d{1,9})$/.exec(slug);
  return match ? Number(match[1]) : null;
}
