import { z } from "zod";
import { miniCartIsland } from "../cart/MiniCart.island";
import { heroHeaderIsland, productCarouselIsland } from "../catalog/Carousels.island";
import { searchBoxIsland } from "../catalog/SearchBox.island";
import { variationPickerIsland } from "../catalog/VariationPicker.island";
import { viewer360Island } from "../catalog/Viewer360.island";
import { consentDialogIsland } from "../consent/ConsentDialog.island";
import type { IslandDefinition } from "./islands";

/** Every island a CMS tag may name. A new island adds its definition here. */
export const ISLANDS: readonly IslandDefinition[] = [
  miniCartIsland,
  consentDialogIsland,
  variationPickerIsland,
  searchBoxIsland,
  viewer360Island,
  productCarouselIsland,
  heroHeaderIsland,
];

export function islandCatalogue() {
  return ISLANDS.map((island) => ({
    Name: island.name,
    Description: island.description,
    Props: z.toJSONSchema(island.props, { io: "input", unrepresentable: "any" }),
    Fixtures: Object.keys(island.fixtures),
  }));
}
