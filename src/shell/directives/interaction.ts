import type { ClientDirective } from "astro";

/** Set on an island once its directive holds what is done in it (shell/main.ts waits for it). */
export const ISLAND_HOLDS_ATTRIBUTE = "data-island-holds";

/** Events on the island itself that mean the shopper is about to use it (pointerover and focusin bubble). */
const INTERACTION_EVENTS = ["pointerover", "focusin", "touchstart", "click"] as const;

/**
 * `client:interaction` hydrates an island on its first interaction, or when one of the document
 * events named in its value fires (`client:interaction="cart:changed"`), so pages that never need
 * the island never download React.
 *
 * What the shopper does while it hydrates is held for it: a form sent (the first tap on "add to cart" of
 * a phone, whose click comes before React) is sent again once React answers it, and a field typed in says
 * so again (a quantity is corrected as if typed then): the first interaction behaves as every later one.
 */
const interaction: ClientDirective = (load, options, element) => {
  let started = false;
  let hydrated = false;
  const sent: [HTMLFormElement, HTMLElement | null][] = [];
  const typed = new Set<EventTarget>();
  const documentEvents = typeof options.value === "string" ? options.value.split(/\s+/).filter(Boolean) : [];
  const hold = (event: Event) => {
    if (hydrated) return;
    if (event.type === "submit" && event.target instanceof HTMLFormElement) {
      event.preventDefault();
      event.stopImmediatePropagation();
      sent.push([event.target, (event as SubmitEvent).submitter ?? null]);
    } else if (event.target) typed.add(event.target);
    void hydrate();
  };
  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const name of INTERACTION_EVENTS) element.removeEventListener(name, hydrate);
    for (const name of documentEvents) document.removeEventListener(name, hydrate);
    const run = await load();
    await run();
    hydrated = true;
    element.removeEventListener("submit", hold, true);
    element.removeEventListener("input", hold, true);
    // React hydrates a root in slices after `run` returns: an event reaching a node before React has
    // taken it is not React's (a form would then be sent as without JavaScript). Held events are given
    // once the nodes carry React's own props (2 s at most).
    const targets = [...typed, ...sent.map(([form]) => form)];
    const taken = () => targets.every((node) => Object.keys(node).some((key) => key.startsWith("__reactProps")));
    const since = performance.now();
    const give = () => {
      if (!taken() && performance.now() - since < 2000) {
        requestAnimationFrame(give);
        return;
      }
      for (const target of typed) target.dispatchEvent(new Event("input", { bubbles: true }));
      for (const [form, submitter] of sent)
        if (form.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : null);
    };
    if (targets.length) give();
  };
  element.addEventListener("submit", hold, true);
  element.addEventListener("input", hold, true);
  // What the boot script held before this island could hold it waits for this mark (shell/main.ts).
  element.setAttribute(ISLAND_HOLDS_ATTRIBUTE, "");
  for (const name of INTERACTION_EVENTS) element.addEventListener(name, hydrate, { passive: true });
  for (const name of documentEvents) document.addEventListener(name, hydrate);
};

export default interaction;
