import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { PASSWORD_MIN_LENGTH } from "~/lib/password";
import { failedRules, RULE_MESSAGE_KEY, type Rule, shortDateFormat, validationAttributes } from "~/lib/validation";

export type FormRules = Record<string, Rule[]>;

function message(rule: Rule, culture: Culture): string {
  const t = translator(culture);
  const { order, separator } = shortDateFormat(culture);
  const format = order.map((p) => (p === "day" ? "dd" : p === "month" ? "mm" : "yyyy")).join(separator);
  return t(
    RULE_MESSAGE_KEY[rule.type],
    rule.type === "maxlength" ? { max: rule.max } : { format, min: PASSWORD_MIN_LENGTH },
  );
}

/** The data-val attributes of one field, messages in the culture (the browser checks with the same rules). */
export function fieldAttributes(rules: readonly Rule[], culture: Culture): Record<string, string> {
  return validationAttributes(rules, (rule) => message(rule, culture));
}

/** Server-side check of a posted form with the same rules: the first message of each invalid field. */
export function checkForm(rules: FormRules, form: FormData, culture: Culture): Record<string, string> {
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const errors: Record<string, string> = {};
  for (const [field, fieldRules] of Object.entries(rules)) {
    const failed = failedRules(fieldRules, read(field), read, culture);
    const first = fieldRules.find((r) => r.type === failed[0]);
    if (first) errors[field] = message(first, culture);
  }
  return errors;
}
