import i18next, { type i18n, type TFunction } from "i18next";
import de from "../../i18n/de.json";
import es from "../../i18n/es.json";
import fr from "../../i18n/fr.json";
import it from "../../i18n/it.json";
import nl from "../../i18n/nl.json";
import pt from "../../i18n/pt.json";
import type { Culture } from "./culture";

export type Resources = typeof fr;
export const RESOURCES: Record<Culture, Resources> = { fr, nl, es, de, it, pt };

let instance: i18n | undefined;

function shared(): i18n {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      resources: Object.fromEntries(Object.entries(RESOURCES).map(([c, r]) => [c, { translation: r }])),
      lng: "fr",
      fallbackLng: false,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      // A missing key shows the key itself, as spec 000 section 7 asks.
      showSupportNotice: false,
      parseMissingKeyHandler: (key: string) => key,
    });
  }
  return instance;
}

const translators = new Map<Culture, TFunction>();

/**
 * A translator bound to a culture: t("Manager.UnknowsErrors"). One per culture, made once; a key asked
 * without options is resolved once and remembered (resources never change while the process runs),
 * so the hot path of a page (dozens of labels) skips i18next's per-call option handling.
 */
export function translator(culture: Culture): TFunction {
  let t = translators.get(culture);
  if (!t) {
    const fixed = shared().getFixedT(culture);
    const call = fixed as unknown as (...args: unknown[]) => string;
    const plain = new Map<string, string>();
    t = ((key: string | string[], ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== "string") return call(key, ...rest);
      let text = plain.get(key);
      if (text === undefined) {
        text = call(key);
        plain.set(key, text);
      }
      return text;
    }) as unknown as TFunction;
    translators.set(culture, t);
  }
  return t;
}

/** Every key path of a nested resource map ("Manager.UnknowsErrors"). */
export function keyPaths(map: object, prefix = ""): string[] {
  return Object.entries(map).flatMap(([key, value]) =>
    value && typeof value === "object" ? keyPaths(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}
