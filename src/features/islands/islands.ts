import type { z } from "zod";

/** A registered island: what a CMS tag may name, the props it accepts, and fixtures for previews and tests. */
export interface IslandDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  /** The Astro wrapper that renders it, a `<component>.astro` beside the definition. */
  component: string;
  description: string;
  props: S;
  fixtures: Record<string, z.input<S>>;
  /**
   * The island renders CMS content that may hold island tags (a popup's body): it is given the
   * `inclusion` trail of its tag, to refuse a cycle.
   */
  includesContent?: boolean;
}

export function defineIsland<S extends z.ZodType>(definition: IslandDefinition<S>): IslandDefinition<S> {
  for (const [fixture, props] of Object.entries(definition.fixtures)) {
    const result = definition.props.safeParse(props);
    if (!result.success)
      throw new Error(`island ${definition.name}: fixture ${fixture} does not match its props schema`);
  }
  return definition;
}

/** Props for a named island, validated: `{ ok: false, reason }` for an unknown name or invalid props. */
export function resolveIslandProps(
  registry: readonly IslandDefinition[],
  name: string,
  rawProps: unknown,
): { ok: true; island: IslandDefinition; props: unknown } | { ok: false; reason: string } {
  const island = registry.find((i) => i.name === name);
  if (!island) return { ok: false, reason: `unknown island "${name}"` };
  const result = island.props.safeParse(rawProps);
  if (!result.success) {
    const detail = result.error.issues.map((i) => `${i.path.join(".") || "props"}: ${i.message}`).join("; ");
    return { ok: false, reason: `invalid props (${detail})` };
  }
  return { ok: true, island, props: result.data };
}
