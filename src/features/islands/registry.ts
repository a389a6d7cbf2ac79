import { z } from "zod";
import type { IslandDefinition } from "./islands";

/** An island and the feature folder it lives in (where its `<component>.astro` is). */
export type RegisteredIsland = IslandDefinition & { folder: string };

/**
 * Every island a CMS tag may name: the definitions (`defineIsland`) of the features' `*.island.ts`
 * modules, found by glob, so a new island touches no file here.
 */
const modules = import.meta.glob<Record<string, unknown>>("../**/*.island.ts", { eager: true });

export const ISLANDS: readonly RegisteredIsland[] = Object.entries(modules)
  .flatMap(([path, module]) =>
    Object.values(module)
      .filter((value): value is IslandDefinition => typeof value === "object" && value !== null && "component" in value)
      .map((island) => ({ ...island, folder: path.slice("../".length, path.lastIndexOf("/")) })),
  )
  .sort((a, b) => a.name.localeCompare(b.name));

export function islandCatalogue() {
  return ISLANDS.map((island) => ({
    Name: island.name,
    Description: island.description,
    Props: z.toJSONSchema(island.props, { io: "input", unrepresentable: "any" }),
    Fixtures: Object.keys(island.fixtures),
  }));
}
