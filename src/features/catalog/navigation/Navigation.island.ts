import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";

export const categoryBlocksIsland = defineIsland({
  name: "category-blocks",
  component: "CategoryBlocks",
  description: "The top categories as blocks (photo, description, sub-categories) in a masonry layout.",
  props: z.object({}),
  fixtures: { all: {} },
});
