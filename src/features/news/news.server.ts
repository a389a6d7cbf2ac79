import { contentImages } from "~/features/assets/assets.server";
import { sanitizeContentHtml, writeAnswer } from "~/features/content/content.server";
import { CULTURES, type Culture } from "~/lib/culture";
import { db } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/errors";
import { ApiError } from "~/server/http/errors";
import { adjacentMonths, isoDay, monthGrid, newsUrl } from "./news";
import {
  newsArticle as articleRow,
  categoryExists,
  categoryRows,
  deleteNewsRow,
  galleryAssetIds,
  insertCategory,
  insertNews,
  latestNewsAt,
  newsById,
  newsCards,
  newsCount,
  newsDays,
  newsRows,
  newsSlugOwner,
  newsSlugs,
  newsTranslations,
  replaceNewsTexts,
  updateNews,
} from "./news.repository";
import type { NewsInput } from "./news.schemas";

export interface NewsCategory {
  id: number;
  parentId: number | null;
  name: string;
  children: NewsCategory[];
}

export async function newsCategories(culture: Culture): Promise<NewsCategory[]> {
  const rows = await categoryRows(db(), culture);
  const nodes = new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, parentId: r.parent_id, name: r.name ?? `#${r.id}`, children: [] as NewsCategory[] },
    ]),
  );
  const roots: NewsCategory[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId !== null ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The categories asked for, with their descendants when `displayChildren` (spec 001 calendar). */
export async function categoryFilter(categoryIds: readonly number[], displayChildren: boolean): Promise<number[]> {
  if (categoryIds.length === 0 || !displayChildren) return [...categoryIds];
  const rows = await categoryRows(db(), "fr");
  const found = new Set(categoryIds);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows)
      if (row.parent_id !== null && found.has(row.parent_id) && !found.has(row.id)) {
        found.add(row.id);
        grew = true;
      }
  }
  return [...found];
}

export interface NewsCard {
  id: number;
  url: string;
  title: string;
  summary: string;
  author: string;
  publishedAt: string;
  image: { guid: string; width: number; height: number } | null;
}

function card(culture: Culture, row: Awaited<ReturnType<typeof newsCards>>[number]): NewsCard {
  return {
    id: row.id,
    url: newsUrl(culture, row.slug),
    title: row.title,
    summary: row.summary,
    author: row.author,
    publishedAt: row.published_at,
    image:
      row.image_guid && row.image_width && row.image_height
        ? { guid: row.image_guid, width: row.image_width, height: row.image_height }
        : null,
  };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A page of published news, newest first; `day` ("2026-11-03") keeps that day's only. */
export async function newsList(
  culture: Culture,
  options: { categoryIds: readonly number[]; page: number; pageSize: number; day?: string },
) {
  const now = new Date().toISOString();
  const range = options.day
    ? { from: `${options.day}T00:00:00.000Z`, to: `${nextDay(options.day)}T00:00:00.000Z` }
    : {};
  const filter = { categoryIds: options.categoryIds, ...range };
  const [rows, total] = await Promise.all([
    newsCards(db(), culture, now, {
      ...filter,
      limit: options.pageSize,
      offset: (options.page - 1) * options.pageSize,
    }),
    newsCount(db(), culture, now, filter),
  ]);
  return {
    items: rows.map((row) => card(culture, row)),
    total,
    pages: Math.max(1, Math.ceil(total / options.pageSize)),
  };
}

/** The month of the newest published news (the calendar opens there when no month is asked for). */
export async function latestNewsMonth(culture: Culture, categoryIds: readonly number[]) {
  const latest = (await latestNewsAt(db(), culture, new Date().toISOString(), categoryIds))?.latest;
  const date = latest ? new Date(latest) : new Date();
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

/** A month's weeks, each day with how many news it has. */
export async function newsCalendar(culture: Culture, categoryIds: readonly number[], year: number, month: number) {
  const { next, previous } = adjacentMonths(year, month);
  const from = `${isoDay(year, month, 1)}T00:00:00.000Z`;
  const to = `${isoDay(next.year, next.month, 1)}T00:00:00.000Z`;
  const days = await newsDays(db(), culture, new Date().toISOString(), categoryIds, from, to);
  const counts = new Map(days.map((d) => [d.day, Number(d.count)]));
  return {
    year,
    month,
    previous,
    next,
    weeks: monthGrid(year, month).map((week) =>
      week.map((cell) => ({ ...cell, count: cell.date ? (counts.get(cell.date) ?? 0) : 0 })),
    ),
  };
}

/** A published article, its gallery and its address in every culture that has it. */
export async function newsArticle(culture: Culture, slug: string) {
  const row = await articleRow(db(), culture, new Date().toISOString(), slug);
  if (!row) return null;
  const [gallery, slugs] = await Promise.all([galleryAssetIds(db(), row.id), newsSlugs(db(), row.id)]);
  const images = await contentImages(gallery.map((g) => g.asset_id));
  return {
    ...card(culture, row),
    body: row.body,
    categoryId: row.category_id,
    gallery: gallery.flatMap((g) => images.get(g.asset_id) ?? []),
    urls: Object.fromEntries(slugs.map((s) => [s.culture, newsUrl(s.culture, s.slug)])) as Partial<
      Record<Culture, string>
    >,
  };
}

/** A news item's gallery (for the gallery island): its images in order. */
export async function newsGallery(newsId: number) {
  const gallery = await galleryAssetIds(db(), newsId);
  const images = await contentImages(gallery.map((g) => g.asset_id));
  return gallery.flatMap((g) => images.get(g.asset_id) ?? []);
}

export async function sitemapNews() {
  const rows = await newsSlugs(db());
  const items = new Map<number, { updated: string; urls: Partial<Record<Culture, string>> }>();
  for (const row of rows) {
    const item = items.get(row.id) ?? { updated: row.updated_at, urls: {} };
    item.urls[row.culture as Culture] = newsUrl(row.culture, row.slug);
    items.set(row.id, item);
  }
  return [...items.values()];
}

// Editors

export async function editorNewsList() {
  const rows = await newsRows(db());
  const items = new Map<
    number,
    { Id: number; Published: boolean; PublishedAt: string; UpdatedAt: string; Titles: Record<string, string> }
  >();
  for (const row of rows) {
    const item = items.get(row.id) ?? {
      Id: row.id,
      Published: row.published === 1,
      PublishedAt: row.published_at,
      UpdatedAt: row.updated_at,
      Titles: {},
    };
    if (row.culture && row.title !== null) item.Titles[row.culture] = row.title;
    items.set(row.id, item);
  }
  return [...items.values()];
}

export async function editorNews(id: number) {
  const row = await newsById(db(), id);
  if (!row) throw new ApiError("NotFound");
  const [texts, gallery] = await Promise.all([newsTranslations(db(), id), galleryAssetIds(db(), id)]);
  return {
    Id: row.id,
    CategoryId: row.category_id,
    PublishedAt: row.published_at,
    Author: row.author,
    ImageAssetId: row.image_asset_id,
    GalleryAssetIds: gallery.map((g) => g.asset_id),
    Published: row.published === 1,
    Translations: Object.fromEntries(
      texts.map((t) => [t.culture, { Slug: t.slug, Title: t.title, Summary: t.summary, Body: t.body }]),
    ),
  };
}

function answer(id: number, culture: Culture, input: Pick<NewsInput, "Published" | "Translations">) {
  const entries = CULTURES.flatMap((c) => {
    const t = input.Translations[c];
    return t ? [[c, t] as const] : [];
  });
  return writeAnswer(
    id,
    culture,
    input.Published ? Object.fromEntries(entries.map(([c, t]) => [c, newsUrl(c, t.Slug)])) : {},
    Object.fromEntries(entries.map(([c, t]) => [c, t.Body])),
  );
}

/** Creates (id null) or replaces a news item, its texts and its gallery in one transaction. */
export async function saveNews(id: number | null, input: NewsInput, culture: Culture) {
  const now = new Date().toISOString();
  const imageIds = [...(input.ImageAssetId ? [input.ImageAssetId] : []), ...input.GalleryAssetIds];
  const images = await contentImages(imageIds);
  const missing = imageIds.find((assetId) => !images.has(assetId));
  if (missing !== undefined)
    throw new ApiError("ValidationFailed", {
      [input.ImageAssetId === missing ? "ImageAssetId" : "GalleryAssetIds"]: [],
    });
  try {
    const savedId = await db()
      .transaction()
      .execute(async (tx) => {
        if (id !== null && !(await newsById(tx, id))) throw new ApiError("NotFound");
        if (!(await categoryExists(tx, input.CategoryId))) throw new ApiError("ValidationFailed", { CategoryId: [] });
        for (const [c, t] of Object.entries(input.Translations))
          if (t && (await newsSlugOwner(tx, c, t.Slug, id ?? 0)))
            throw new ApiError("SlugTaken", { [`Translations.${c}.Slug`]: [] });
        const row = {
          category_id: input.CategoryId,
          published_at: input.PublishedAt,
          author: input.Author,
          image_asset_id: input.ImageAssetId,
          published: input.Published ? 1 : 0,
          updated_at: now,
        };
        if (id !== null) await updateNews(tx, id, row);
        const newsId = id ?? (await insertNews(tx, row));
        await replaceNewsTexts(
          tx,
          newsId,
          Object.entries(input.Translations).flatMap(([c, t]) =>
            t
              ? [{ culture: c, slug: t.Slug, title: t.Title, summary: t.Summary, body: sanitizeContentHtml(t.Body) }]
              : [],
          ),
          [...new Set(input.GalleryAssetIds)],
        );
        return newsId;
      });
    return answer(savedId, culture, input);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("SlugTaken");
    throw error;
  }
}

export async function publishNews(id: number, published: boolean, culture: Culture) {
  if (!(await newsById(db(), id))) throw new ApiError("NotFound");
  await updateNews(db(), id, { published: published ? 1 : 0, updated_at: new Date().toISOString() });
  const current = await editorNews(id);
  return answer(id, culture, { Published: published, Translations: current.Translations as NewsInput["Translations"] });
}

export async function deleteNews(id: number): Promise<void> {
  if ((await deleteNewsRow(db(), id)) === 0) throw new ApiError("NotFound");
}

export async function createNewsCategory(parentId: number | null, names: Partial<Record<Culture, string>>) {
  if (parentId !== null && !(await categoryExists(db(), parentId)))
    throw new ApiError("ValidationFailed", { ParentId: [] });
  return insertCategory(
    db(),
    parentId,
    Object.entries(names).flatMap(([culture, name]) => (name ? [{ culture, name }] : [])),
  );
}
