/**
 * News (spec 001): pure rules for the calendar and the lists, shared by the server and the browser.
 * No zod here.
 */

/** Spec 001 section 9: the calendar's day list shows 3 posts, children's news not included. */
export const NEWS_CALENDAR_POSTS_PER_PAGE = 3;
export const NEWS_CALENDAR_DISPLAY_CHILDREN = false;
export const NEWS_LIST_PAGE_SIZE = 9;
export const NEWS_TICKER_SIZE = 6;
export const NEWS_CAROUSEL_SIZE = 9;
export const POSTS_PER_PAGE_MAX = 50;

export interface CalendarDay {
  /** "2026-11-03", or null for the blank cells before the 1st and after the last day. */
  date: string | null;
  day: number | null;
}

const pad = (n: number) => String(n).padStart(2, "0");

export function isoDay(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A month as weeks of 7 cells, Monday first (the six cultures' weeks start on Monday). */
export function monthGrid(year: number, month: number): CalendarDay[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: CalendarDay[] = [
    ...Array.from({ length: lead }, () => ({ date: null, day: null })),
    ...Array.from({ length: days }, (_, i) => ({ date: isoDay(year, month, i + 1), day: i + 1 })),
  ];
  while (cells.length % 7) cells.push({ date: null, day: null });
  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The month before and after, wrapping the year. */
export function adjacentMonths(year: number, month: number) {
  return {
    previous: month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 },
    next: month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 },
  };
}

/** "1,4" -> [1, 4]; "0", "all" or "" -> [] (every category). Null for anything else. */
export function parseCategoryIds(text: string): number[] | null {
  if (text === "" || text === "0" || text.toLowerCase() === "all") return [];
  const parts = text.split(",");
  if (parts.length > 50 || !parts.every((p) => /^[1-9]\d{0,8}$/.test(p))) return null;
  return [...new Set(parts.map(Number))];
}

/** "2026-11-03" as a valid calendar day, or null. */
export function parseDay(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (year < 1970 || year > 9999) return null;
  return { year, month, day };
}

/** The calendar's and the day list's addresses (spec 001 routes, under the page's culture). */
export function calendarPath(
  culture: string,
  categoryIds: readonly number[],
  displayChildren: boolean,
  postPerPage: number,
  month: number,
  year: number,
): string {
  return `/${culture}/widget/news/calendar/${categoryIds.join(",") || "0"}/${displayChildren}/${postPerPage}/${month}/${year}`;
}

export function dayListPath(
  culture: string,
  categoryIds: readonly number[],
  displayChildren: boolean,
  postPerPage: number,
  day: string,
): string {
  return `/${culture}/widget/news/newslist/${categoryIds.join(",") || "0"}/${displayChildren}/${postPerPage}/${day}`;
}

export function newsUrl(culture: string, slug: string): string {
  return `/${culture}/news/${slug}`;
}

/** The calendar widget's path parameters (spec 001), or null when one is not what the route expects. */
export function calendarParams(params: Record<string, string | undefined>) {
  const categoryIds = parseCategoryIds(params.categoryIds ?? "");
  const displayChildren = params.displayChildren === "true" ? true : params.displayChildren === "false" ? false : null;
  const postPerPage = /^\d{1,2}$/.test(params.postPerPage ?? "") ? Number(params.postPerPage) : 0;
  if (categoryIds === null || displayChildren === null || postPerPage < 1 || postPerPage > POSTS_PER_PAGE_MAX)
    return null;
  return { categoryIds, displayChildren, postPerPage };
}

/** "2026-11" as a year and a month, or null. */
export function parseMonth(text: string | null): { year: number; month: number } | null {
  const day = text ? parseDay(`${text}-01`) : null;
  return day ? { year: day.year, month: day.month } : null;
}
