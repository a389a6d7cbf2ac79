/**
 * Every hydration directive, on `self.Astro` where Astro's island loader reads them (as its inline
 * directive scripts did, decision 079). Imported before the loader: an island it starts finds its
 * directive at once (the loader reads a global `Astro`, which must exist by then).
 */
import type { ClientDirective } from "astro";
import idle from "astro/runtime/client/idle.js";
import load from "astro/runtime/client/load.js";
import media from "astro/runtime/client/media.js";
import only from "astro/runtime/client/only.js";
import visible from "astro/runtime/client/visible.js";
import event from "./directives/event";
import interaction from "./directives/interaction";

const directives: Record<string, ClientDirective> = { idle, load, media, only, visible, event, interaction };
const global = self as unknown as { Astro?: Record<string, ClientDirective> };
global.Astro ??= {};
const astro = global.Astro;
// Set before the loader is imported (src/shell/islands.ts), so no island waits for an `astro:<name>` event.
Object.assign(astro, directives);
