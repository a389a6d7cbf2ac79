/**
 * `Intl` formatters made once per locale and options (issue 19: no per-request work that start-up can
 * do). They are immutable, so every page and island shares them; the keys are few (six cultures, a
 * handful of formats).
 */
const made = new Map<string, unknown>();

function once<T>(kind: string, locale: string, options: object | undefined, make: () => T): T {
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ""}`;
  let value = made.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    made.set(key, value);
  }
  return value;
}

export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return once("date", locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return once("number", locale, options, () => new Intl.NumberFormat(locale, options));
}

export function displayNames(locale: string, options: Intl.DisplayNamesOptions): Intl.DisplayNames {
  return once("names", locale, options, () => new Intl.DisplayNames([locale], options));
}

export function pluralRules(locale: string, options?: Intl.PluralRulesOptions): Intl.PluralRules {
  return once("plural", locale, options, () => new Intl.PluralRules(locale, options));
}
