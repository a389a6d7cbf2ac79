import { type ContentImage, contentImages } from "~/features/assets/assets.server";
import { contentSegments, sanitizeContentHtml, writeAnswer } from "~/features/content/content.server";
import type { Culture } from "~/lib/culture";
import { db, type Executor } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/errors";
import { ApiError } from "~/server/http/errors";
import { popupIsland } from "./Banners.island";
import type { VideoProvider } from "./banners";
import {
  bannerRow,
  bannerRows,
  deleteBannerRow,
  deletePopupRow,
  deleteSlides,
  insertBanner,
  insertPopup,
  insertSlide,
  keyOwner,
  popupBodies,
  popupRow,
  popupRows,
  popupTexts,
  replacePopupTexts,
  slideRows,
  slideTexts,
  updateBanner,
  updatePopup,
} from "./banners.repository";
import type { BannerInput, PopupInput } from "./banners.schemas";

const live = (row: { published: number; end_at: string | null }, now: string) =>
  row.published === 1 && (row.end_at === null || row.end_at > now);

export interface BannerSlide {
  image: ContentImage | null;
  video: { provider: VideoProvider; id: string } | null;
  link: string | null;
  title: string;
  text: string;
  linkLabel: string;
}

export interface Banner {
  id: number;
  key: string;
  durationMs: number | null;
  fade: boolean;
  closable: boolean;
  endAt: string | null;
  slides: BannerSlide[];
}

/** A published banner that has not ended, with its slides in the culture (null otherwise). */
export async function bannerForDisplay(culture: Culture, by: { id: number } | { key: string }): Promise<Banner | null> {
  const row = await bannerRow(db(), by);
  if (!row || !live(row, new Date().toISOString())) return null;
  const slides = await slideRows(db(), row.id);
  const [texts, images] = await Promise.all([
    slideTexts(
      db(),
      slides.map((s) => s.id),
    ),
    contentImages(slides.flatMap((s) => (s.asset_id ? [s.asset_id] : []))),
  ]);
  return {
    id: row.id,
    key: row.key,
    durationMs: row.duration_ms,
    fade: row.fade === 1,
    closable: row.closable === 1,
    endAt: row.end_at,
    slides: slides.map((slide) => {
      const text = texts.find((t) => t.slide_id === slide.id && t.culture === culture);
      return {
        image: slide.asset_id ? (images.get(slide.asset_id) ?? null) : null,
        video:
          slide.video_provider && slide.video_id
            ? { provider: slide.video_provider as VideoProvider, id: slide.video_id }
            : null,
        link: slide.link_url,
        title: text?.title ?? "",
        text: text?.text ?? "",
        linkLabel: text?.link_label ?? "",
      };
    }),
  };
}

/** A published popup that has not ended, in the culture (null when it has no text there). */
export async function popupForDisplay(culture: Culture, by: { id: number } | { key: string }) {
  const row = await popupRow(db(), by);
  if (!row || !live(row, new Date().toISOString())) return null;
  const text = (await popupTexts(db(), row.id)).find((t) => t.culture === culture);
  if (!text) return null;
  return { id: row.id, key: row.key, endAt: row.end_at, title: text.title, body: text.body };
}

// Editors: banners

export async function editorBanners() {
  return (await bannerRows(db())).map((row) => ({
    Id: row.id,
    Key: row.key,
    Published: row.published === 1,
    EndAt: row.end_at,
    UpdatedAt: row.updated_at,
  }));
}

export async function editorBanner(id: number) {
  const row = await bannerRow(db(), { id });
  if (!row) throw new ApiError("NotFound");
  const slides = await slideRows(db(), id);
  const texts = await slideTexts(
    db(),
    slides.map((s) => s.id),
  );
  return {
    Id: row.id,
    Key: row.key,
    DurationMs: row.duration_ms,
    Fade: row.fade === 1,
    Closable: row.closable === 1,
    EndAt: row.end_at,
    Published: row.published === 1,
    Slides: slides.map((s) => ({
      AssetId: s.asset_id,
      VideoProvider: s.video_provider,
      VideoId: s.video_id,
      LinkUrl: s.link_url,
      Translations: Object.fromEntries(
        texts
          .filter((t) => t.slide_id === s.id)
          .map((t) => [t.culture, { Title: t.title, Text: t.text, LinkLabel: t.link_label }]),
      ),
    })),
  };
}

/** Banners and popups have no address of their own: they show where a page's island tag puts them. */
const noUrl = (id: number, culture: Culture, bodies: Partial<Record<Culture, string>> = {}) =>
  writeAnswer(id, culture, {}, bodies);

export async function saveBanner(id: number | null, input: BannerInput, culture: Culture) {
  const assetIds = input.Slides.flatMap((s) => (s.AssetId ? [s.AssetId] : []));
  const images = await contentImages(assetIds);
  const missing = input.Slides.findIndex((s) => s.AssetId && !images.has(s.AssetId));
  if (missing >= 0) throw new ApiError("ValidationFailed", { [`Slides.${missing}.AssetId`]: [] });
  const row = {
    key: input.Key,
    duration_ms: input.DurationMs,
    fade: input.Fade ? 1 : 0,
    closable: input.Closable ? 1 : 0,
    end_at: input.EndAt,
    published: input.Published ? 1 : 0,
    updated_at: new Date().toISOString(),
  };
  try {
    const savedId = await db()
      .transaction()
      .execute(async (tx) => {
        if (id !== null && !(await bannerRow(tx, { id }))) throw new ApiError("NotFound");
        if (await keyOwner(tx, "banners", input.Key, id ?? 0)) throw new ApiError("SlugTaken", { Key: [] });
        if (id !== null) await updateBanner(tx, id, row);
        const bannerId = id ?? (await insertBanner(tx, row));
        await deleteSlides(tx, bannerId);
        for (const [position, slide] of input.Slides.entries()) {
          await insertSlide(
            tx,
            {
              banner_id: bannerId,
              position,
              asset_id: slide.AssetId,
              video_provider: slide.VideoProvider,
              video_id: slide.VideoProvider ? slide.VideoId : null,
              link_url: slide.LinkUrl,
            },
            Object.entries(slide.Translations).flatMap(([c, t]) =>
              t ? [{ culture: c, title: t.Title, text: t.Text, link_label: t.LinkLabel }] : [],
            ),
          );
        }
        return bannerId;
      });
    return noUrl(savedId, culture);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("SlugTaken", { Key: [] });
    throw error;
  }
}

export async function publishBanner(id: number, published: boolean, culture: Culture) {
  if (!(await bannerRow(db(), { id }))) throw new ApiError("NotFound");
  await updateBanner(db(), id, { published: published ? 1 : 0, updated_at: new Date().toISOString() });
  return noUrl(id, culture);
}

export async function deleteBanner(id: number): Promise<void> {
  if ((await deleteBannerRow(db(), id)) === 0) throw new ApiError("NotFound");
}

// Editors: popups

export async function editorPopups() {
  return (await popupRows(db())).map((row) => ({
    Id: row.id,
    Key: row.key,
    Published: row.published === 1,
    EndAt: row.end_at,
    UpdatedAt: row.updated_at,
  }));
}

export async function editorPopup(id: number) {
  const row = await popupRow(db(), { id });
  if (!row) throw new ApiError("NotFound");
  const texts = await popupTexts(db(), id);
  return {
    Id: row.id,
    Key: row.key,
    EndAt: row.end_at,
    Published: row.published === 1,
    Translations: Object.fromEntries(texts.map((t) => [t.culture, { Title: t.title, Body: t.body }])),
  };
}

export async function savePopup(id: number | null, input: PopupInput, culture: Culture) {
  const row = {
    key: input.Key,
    end_at: input.EndAt,
    published: input.Published ? 1 : 0,
    updated_at: new Date().toISOString(),
  };
  try {
    const savedId = await db()
      .transaction()
      .execute(async (tx) => {
        if (id !== null && !(await popupRow(tx, { id }))) throw new ApiError("NotFound");
        if (await keyOwner(tx, "popups", input.Key, id ?? 0)) throw new ApiError("SlugTaken", { Key: [] });
        if (id !== null) await updatePopup(tx, id, row);
        const popupId = id ?? (await insertPopup(tx, row));
        await replacePopupTexts(
          tx,
          popupId,
          Object.entries(input.Translations).flatMap(([c, t]) =>
            t ? [{ culture: c, title: t.Title, body: sanitizeContentHtml(t.Body) }] : [],
          ),
        );
        const cycles = await culturesWhereShownInItself(tx, popupId);
        if (cycles.length)
          throw new ApiError(
            "ContentIncludesItself",
            Object.fromEntries(cycles.map((c) => [`Translations.${c}.Body`, []])),
          );
        return popupId;
      });
    return noUrl(
      savedId,
      culture,
      Object.fromEntries(Object.entries(input.Translations).map(([c, t]) => [c, t?.Body ?? ""])),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("SlugTaken", { Key: [] });
    throw error;
  }
}

/** The popups a body's island tags show (by id or by key), as the popup island reads its props. */
function popupTags(body: string): ({ id: number } | { key: string })[] {
  return contentSegments(body).flatMap((segment): ({ id: number } | { key: string })[] => {
    if (segment.kind !== "island" || segment.name !== popupIsland.name) return [];
    const props = popupIsland.props.safeParse(segment.props);
    if (!props.success) return [];
    return props.data.popupId ? [{ id: props.data.popupId }] : [{ key: props.data.popupKey ?? "" }];
  });
}

/**
 * The cultures in which a popup would show itself, directly or through other popups (a popup renders
 * its own culture's body, so each culture is its own graph). Read inside the saving transaction, so
 * a refused save leaves nothing behind.
 */
async function culturesWhereShownInItself(ex: Executor, popupId: number): Promise<string[]> {
  const rows = await popupBodies(ex);
  const idOfKey = new Map(rows.map((r) => [r.key, r.id]));
  const cultures = [...new Set(rows.filter((r) => r.id === popupId).map((r) => r.culture))];
  return cultures.filter((culture) => {
    const shows = new Map<number, number[]>();
    for (const row of rows.filter((r) => r.culture === culture))
      shows.set(
        row.id,
        popupTags(row.body).flatMap((tag) => {
          const id = "id" in tag ? tag.id : idOfKey.get(tag.key);
          return id === undefined ? [] : [id];
        }),
      );
    const seen = new Set<number>();
    const next = [...(shows.get(popupId) ?? [])];
    while (next.length) {
      const id = next.pop() as number;
      if (id === popupId) return true;
      if (seen.has(id)) continue;
      seen.add(id);
      next.push(...(shows.get(id) ?? []));
    }
    return false;
  });
}

export async function publishPopup(id: number, published: boolean, culture: Culture) {
  if (!(await popupRow(db(), { id }))) throw new ApiError("NotFound");
  await updatePopup(db(), id, { published: published ? 1 : 0, updated_at: new Date().toISOString() });
  return noUrl(id, culture);
}

export async function deletePopup(id: number): Promise<void> {
  if ((await deletePopupRow(db(), id)) === 0) throw new ApiError("NotFound");
}
