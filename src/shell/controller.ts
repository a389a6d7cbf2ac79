/**
 * A behaviour over server HTML, attached by `data-controller="name"`. Features declare theirs in a
 * `<feature>.controllers.ts` file (found by src/layouts/behaviours.ts); the shell only runs them.
 * `load`: "eager" loads the module as soon as a page holds the element; "interaction" waits for the
 * shopper to reach it (focus, pointer), for `data-load-visible` or a `data-load-on` event, holding back
 * and replaying what was done before it arrived.
 */
export type Connect = (element: HTMLElement) => void | Promise<void>;

export interface ControllerDefinition {
  name: string;
  load: "eager" | "interaction";
  /** The behaviour's module (a dynamic import: it becomes its own chunk). */
  module: () => Promise<{ default: Connect }>;
}

/** Types a feature's list of behaviours. */
export function defineControllers(definitions: ControllerDefinition[]): ControllerDefinition[] {
  return definitions;
}
