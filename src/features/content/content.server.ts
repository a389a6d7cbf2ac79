import { CULTURES, type Culture } from "~/lib/culture";
import { db } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/errors";
import { ApiError } from "~/server/http/errors";
import { pageUrl } from "./content";
import {
  deletePageRow,
  insertPage,
  pageById,
  pageKeyOwner,
  pageRows,
  pageSlugOwner,
  pageTranslations,
  publishedPage,
  publishedPageSlugs,
  putSetting,
  replacePageTranslations,
  settingValue,
  updatePage,
} from "./content.repository";
import type { PageInput, WriteAnswer } from "./content.schemas";
import { islandProblems, sanitizeContentHtml } from "./content-html.server";
import { templateLeftover } from "./legal-pages.seed";

export {
  type ContentSegment,
  contentSegments,
  type Inclusion,
  includeContent,
  islandProblems,
  sanitizeContentHtml,
  TOP_LEVEL,
} from "./content-html.server";

/** The answer of an editor's write: public addresses (for the request's culture first) and island warnings. */
export function writeAnswer(
  id: number,
  culture: Culture,
  urls: Partial<Record<Culture, string>>,
  bodies: Partial<Record<Culture, string>>,
): WriteAnswer {
  const cleanUrls = Object.fromEntries(Object.entries(urls).filter(([, url]) => url)) as Record<string, string>;
  const first = CULTURES.map((c) => cleanUrls[c]).find(Boolean) ?? null;
  return {
    Id: id,
    Url: cleanUrls[culture] ?? first,
    Urls: cleanUrls,
    Warnings: Object.entries(bodies).flatMap(([c, body]) =>
      islandProblems(body ?? "").map((problem) => ({ Culture: c, ...problem })),
    ),
  };
}

export async function pageList() {
  const rows = await pageRows(db());
  const pages = new Map<
    number,
    {
      Id: number;
      Key: string;
      Published: boolean;
      UpdatedAt: string;
      Titles: Record<string, string>;
      Urls: Record<string, string>;
    }
  >();
  for (const row of rows) {
    const page = pages.get(row.id) ?? {
      Id: row.id,
      Key: row.key,
      Published: row.published === 1,
      UpdatedAt: row.updated_at,
      Titles: {},
      Urls: {},
    };
    if (row.culture && row.title !== null && row.slug !== null) {
      page.Titles[row.culture] = row.title;
      page.Urls[row.culture] = pageUrl(row.culture as Culture, row.key, row.slug);
    }
    pages.set(row.id, page);
  }
  return [...pages.values()];
}

/** A page as an editor sees it (published or not). */
export async function editorPage(id: number) {
  const page = await pageById(db(), id);
  if (!page) throw new ApiError("NotFound");
  const rows = await pageTranslations(db(), id);
  return {
    Id: page.id,
    Key: page.key,
    Published: page.published === 1,
    UpdatedAt: page.updated_at,
    Translations: Object.fromEntries(
      rows.map((r) => [r.culture, { Slug: r.slug, Title: r.title, Body: r.body, SeoDescription: r.seo_description }]),
    ),
  };
}

function pageAnswer(id: number, culture: Culture, input: Pick<PageInput, "Key" | "Published" | "Translations">) {
  const entries = Object.entries(input.Translations).filter(([, t]) => t) as [
    Culture,
    NonNullable<PageInput["Translations"][Culture]>,
  ][];
  return writeAnswer(
    id,
    culture,
    input.Published ? Object.fromEntries(entries.map(([c, t]) => [c, pageUrl(c, input.Key, t.Slug)])) : {},
    Object.fromEntries(entries.map(([c, t]) => [c, t.Body])),
  );
}

/**
 * Creates (id null) or replaces a page and all its translations in one transaction; a key or a slug
 * that another page has is refused (409), naming the field.
 */
export async function savePage(id: number | null, input: PageInput, culture: Culture): Promise<WriteAnswer> {
  const now = new Date().toISOString();
  try {
    const savedId = await db()
      .transaction()
      .execute(async (tx) => {
        if (id !== null && !(await pageById(tx, id))) throw new ApiError("NotFound");
        if (await pageKeyOwner(tx, input.Key, id ?? 0)) throw new ApiError("SlugTaken", { Key: [] });
        for (const [c, t] of Object.entries(input.Translations)) {
          if (t && (await pageSlugOwner(tx, c, t.Slug, id ?? 0)))
            throw new ApiError("SlugTaken", { [`Translations.${c}.Slug`]: [] });
        }
        if (input.Published)
          refuseTemplate(
            Object.entries(input.Translations).flatMap(([c, t]) => (t ? [{ culture: c, body: t.Body }] : [])),
          );
        if (id !== null) await updatePage(tx, id, { key: input.Key, published: input.Published, updated_at: now });
        const pageId = id ?? (await insertPage(tx, input.Key, input.Published, now));
        await replacePageTranslations(
          tx,
          pageId,
          Object.entries(input.Translations).flatMap(([c, t]) =>
            t
              ? [
                  {
                    culture: c,
                    slug: t.Slug,
                    title: t.Title,
                    body: sanitizeContentHtml(t.Body),
                    seo_description: t.SeoDescription,
                  },
                ]
              : [],
          ),
        );
        return pageId;
      });
    return pageAnswer(savedId, culture, input);
  } catch (error) {
    // Two editors saving the same slug at once: the second meets the unique index.
    if (isUniqueViolation(error)) throw new ApiError("SlugTaken");
    throw error;
  }
}

/**
 * A page is published only once the legal template's placeholders are gone (its warning that it has no
 * legal value, its passages between brackets): the refusal names the first one left, by culture.
 */
function refuseTemplate(translations: { culture: string; body: string }[]): void {
  for (const { culture, body } of translations) {
    const passage = templateLeftover(body);
    if (passage)
      throw new ApiError(
        "LegalPageUnfinished",
        { [`Translations.${culture}.Body`]: [passage] },
        "Errors.LegalPageUnfinishedPassage",
        { passage, interpolation: { escapeValue: false } },
      );
  }
}

export async function publishPage(id: number, published: boolean, culture: Culture): Promise<WriteAnswer> {
  const page = await pageById(db(), id);
  if (!page) throw new ApiError("NotFound");
  if (published) refuseTemplate(await pageTranslations(db(), id));
  await updatePage(db(), id, { published, updated_at: new Date().toISOString() });
  const current = await editorPage(id);
  return pageAnswer(id, culture, {
    Key: current.Key,
    Published: published,
    Translations: current.Translations as PageInput["Translations"],
  });
}

export async function deletePage(id: number): Promise<void> {
  if ((await deletePageRow(db(), id)) === 0) throw new ApiError("NotFound");
}

/** A published page for shoppers, with its address in each culture that has it. */
export async function publicPage(culture: Culture, by: { slug: string } | { key: string }) {
  const page = await publishedPage(db(), culture, by);
  if (!page) return null;
  const slugs = await publishedPageSlugs(db(), page.id);
  return {
    ...page,
    urls: Object.fromEntries(slugs.map((s) => [s.culture, pageUrl(s.culture as Culture, s.key, s.slug)])) as Partial<
      Record<Culture, string>
    >,
  };
}

/** Every published page's address per culture, for the sitemap. */
export async function sitemapPages() {
  const rows = await publishedPageSlugs(db());
  const pages = new Map<number, { updated: string; urls: Partial<Record<Culture, string>> }>();
  for (const row of rows) {
    const page = pages.get(row.id) ?? { updated: row.updated_at, urls: {} };
    page.urls[row.culture as Culture] = pageUrl(row.culture as Culture, row.key, row.slug);
    pages.set(row.id, page);
  }
  return [...pages.values()];
}

export async function setting(key: string): Promise<string | null> {
  return (await settingValue(db(), key))?.value ?? null;
}

export async function saveSetting(key: string, value: string): Promise<void> {
  await putSetting(db(), key, value);
}
