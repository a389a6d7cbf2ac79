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

/** A translator bound to a culture: t("Manager.UnknowsErrors"). */
export function translator(culture: Culture): TFunction {
  return shared().getFixedT(culture);
}

/** Every key path of a nested resource map ("Manager.UnknowsErrors"). */
export function keyPaths(map: object, prefix = ""): string[] {
  return Object.entries(map).flatMap(([key, value]) =>
    value && typeof value === "object" ? keyPaths(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}
