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

/** Translations with values remembered per culture before the memory starts again. */
const TRANSLATIONS_WITH_VALUES_KEPT = 2000;

/** The JSON of an options object made of strings, numbers and booleans only, else null. */
function scalarValues(options: unknown): string | null {
  if (!options || typeof options !== "object" || Object.getPrototypeOf(options) !== Object.prototype) return null;
  for (const value of Object.values(options))
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return null;
  return JSON.stringify(options);
}

/**
 * A translator bound to a culture: t("Manager.UnknowsErrors"). One per culture, made once; a key asked
 * without options, or with a few plain values (a count, a price), is resolved once and remembered
 * (resources never change while the process runs), so the hot path of a page (dozens of labels) skips
 * i18next's per-call option handling.
 */
export function translator(culture: Culture): TFunction {
  let t = translators.get(culture);
  if (!t) {
    const fixed = shared().getFixedT(culture);
    const call = fixed as unknown as (...args: unknown[]) => string;
    const plain = new Map<string, string>();
    const withValues = new Map<string, string>();
    t = ((key: string | string[], ...rest: unknown[]) => {
      if (typeof key !== "string") return call(key, ...rest);
      if (rest.length === 0) {
        let text = plain.get(key);
        if (text === undefined) {
          text = call(key);
          plain.set(key, text);
        }
        return text;
      }
      // A count or a few values (prices, names): remembered by their JSON, within a bound, since
      // shoppers' own text can reach them.
      const values = rest.length === 1 ? scalarValues(rest[0]) : null;
      if (values === null) return call(key, ...rest);
      const id = `${key}\u0000${values}`;
      let text = withValues.get(id);
      if (text === undefined) {
        text = call(key, ...rest);
        if (withValues.size >= TRANSLATIONS_WITH_VALUES_KEPT) withValues.clear();
        withValues.set(id, text);
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
