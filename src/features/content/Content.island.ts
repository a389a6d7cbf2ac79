import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";

export const seeMoreIsland = defineIsland({
  name: "see-more",
  component: "SeeMoreIsland",
  description:
    "A long text (the tag's own content) cut to `height` px (184 by default) with a see-more toggle; all of it shows without JavaScript.",
  props: z.object({ height: z.number().int().min(80).max(800).optional() }),
  fixtures: { team: { height: 120 } },
});
