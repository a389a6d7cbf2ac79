import "astro";

declare module "astro" {
  interface AstroClientDirectives {
    /** Hydrate on first interaction or on the named document events (src/shell/directives/interaction.ts). */
    "client:interaction"?: boolean | string;
    /** Hydrate only when one of the named document events fires (src/shell/directives/event.ts). */
    "client:event"?: string;
  }
}
