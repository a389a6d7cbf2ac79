import type { ClientDirective } from "astro";

/**
 * `client:event="name other"` hydrates an island only when one of the named document events fires:
 * not on hover or focus, for an island whose server HTML has its own small behaviour until then (the
 * consent prompt's first layer), so a visitor who only answers it never downloads React.
 */
const event: ClientDirective = (load, options) => {
  const names = typeof options.value === "string" ? options.value.split(/\s+/).filter(Boolean) : [];
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const name of names) document.removeEventListener(name, hydrate);
    const run = await load();
    await run();
  };
  for (const name of names) document.addEventListener(name, hydrate);
};

export default event;
