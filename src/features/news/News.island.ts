import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";
import { NEWS_CALENDAR_POSTS_PER_PAGE, NEWS_CAROUSEL_SIZE, NEWS_TICKER_SIZE, POSTS_PER_PAGE_MAX } from "./news";

const CategoryIds = z.array(z.number().int().min(1)).max(20);

export const newsCalendarIsland = defineIsland({
  name: "news-calendar",
  component: "NewsCalendar",
  description:
    "News calendar: the month of the latest news (or `month`/`year`); a day with news loads its list below (at most `postPerPage`, 3 by default); `displayChildren` includes the categories' children.",
  props: z.object({
    categoryIds: CategoryIds.default([]),
    displayChildren: z.boolean().default(false),
    postPerPage: z.number().int().min(1).max(POSTS_PER_PAGE_MAX).default(NEWS_CALENDAR_POSTS_PER_PAGE),
    month: z.number().int().min(1).max(12).optional(),
    year: z.number().int().min(1970).max(9999).optional(),
  }),
  fixtures: {
    latest: {},
    "november-2025": { month: 11, year: 2025 },
    "one-category": { categoryIds: [1], displayChildren: true },
  },
});

export const newsTickerIsland = defineIsland({
  name: "news-ticker",
  component: "NewsTicker",
  description: "News ticker: the latest titles one at a time, autoplay, dots, no arrows.",
  props: z.object({
    categoryIds: CategoryIds.optional(),
    limit: z.number().int().min(1).max(20).default(NEWS_TICKER_SIZE),
  }),
  fixtures: { latest: {} },
});

export const newsCarouselIsland = defineIsland({
  name: "news-carousel",
  component: "NewsCarousel",
  description: "News carousel: cards of the latest news, 3, 2 or 1 per view by screen width.",
  props: z.object({
    categoryIds: CategoryIds.optional(),
    limit: z.number().int().min(1).max(24).default(NEWS_CAROUSEL_SIZE),
  }),
  fixtures: { latest: {}, three: { limit: 3 } },
});

export const newsGalleryIsland = defineIsland({
  name: "news-gallery",
  component: "NewsGallery",
  description: "A news item's photo gallery, opening in a lightbox.",
  props: z.object({ newsId: z.number().int().min(1) }),
  fixtures: { first: { newsId: 1 } },
});
