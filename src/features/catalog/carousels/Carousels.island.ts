import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";

export const productCarouselIsland = defineIsland({
  name: "product-carousel",
  component: "ProductCarousel",
  description:
    "Carousel of products (4, 3, 2 or 1 per view by screen width): the featured products, or a category's. A sideways-scrolling row without JavaScript.",
  props: z.object({
    categoryId: z.number().int().min(1).optional(),
    limit: z.number().int().min(1).max(24).default(8),
  }),
  fixtures: { featured: {}, category: { categoryId: 1 }, "two-products": { limit: 2 } },
});

export const heroHeaderIsland = defineIsland({
  name: "hero-header",
  component: "HeroHeader",
  description:
    "Hero header: one slide per category (all top categories by default), fading every 5 s over 1500 ms with dots; still with one slide or none.",
  props: z.object({ categoryIds: z.array(z.number().int().min(1)).max(12).optional() }),
  fixtures: { all: {}, single: { categoryIds: [1] } },
});

export const brandCarouselIsland = defineIsland({
  name: "brand-carousel",
  component: "BrandCarousel",
  description:
    "The shop's brands with their logos: the catalogue's brand carousel (`brand`, the default) shows 6 per view, 3 under 1024 px, 2 under 600 and 1 under 480; the page chrome's denser rows show 9 down to 2 (`brands`) or 7, 5, 4 or 2 gliding at 2500 ms (`logos`); autoplay every 5 s, pausing on hover, focus and with its button.",
  props: z.object({
    kind: z.enum(["brand", "brands", "logos"]).default("brand"),
    /** The carousel's accessible name; two on one page need two names. Unset: "Our brands", or "Our brands in logos" for `logos`. */
    label: z.string().trim().min(1).max(80).optional(),
  }),
  fixtures: { brand: {}, brands: { kind: "brands" }, logos: { kind: "logos" } },
});
