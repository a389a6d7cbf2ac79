import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";

export const cookieListIsland = defineIsland({
  name: "cookie-list",
  component: "CookieList",
  description:
    "The cookies the shop writes, per consent category (necessary, preferences, statistics, marketing), from the consent configuration, the tag manager and the editors' consent scripts: the privacy notice's list, which cannot drift from what the shop does.",
  props: z.object({}),
  fixtures: { all: {} },
});
