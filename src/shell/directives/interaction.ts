import type { ClientDirective } from "astro";

/** Events on the island itself that mean the shopper is about to use it (pointerover and focusin bubble). */
const INTERACTION_EVENTS = ["pointerover", "focusin", "touchstart", "click"] as const;

/**
 * `client:interaction` hydrates an island on its first interaction, or when one of the document
 * events named in its value fires (`client:interaction="cart:changed"`), so pages that never need
 * the island never download React.
 */
const interaction: ClientDirective = (load, options, element) => {
  let started = false;
  const documentEvents = typeof options.value === "string" ? options.value.split(/\s+/).filter(Boolean) : [];
  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const name of INTERACTION_EVENTS) element.removeEventListener(name, hydrate);
    for (const name of documentEvents) document.removeEventListener(name, hydrate);
    const run = await load();
    await run();
  };
  for (const name of INTERACTION_EVENTS) element.addEventListener(name, hydrate, { passive: true });
  for (const name of documentEvents) document.addEventListener(name, hydrate);
};

export default interaction;
