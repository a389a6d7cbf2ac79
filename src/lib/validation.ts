/**
 * Spec 000 section 5: the form validators, as pure functions shared by the browser (src/shell/controllers/
 * validation.ts) and the server, so both judge the same fields the same way.
 */
import { type Culture, INTL_LOCALE } from "./culture";
import { dateTimeFormat } from "./intl";
import { passwordProblem } from "./password";

/**
 * Control characters no shopper types: NUL (PostgreSQL refuses it in text), the other C0 codes but tab,
 * line feed and carriage return, and DEL. Refused everywhere input arrives (paths, queries, bodies, forms).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we look for
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** No body of ours nests deeper than a few levels; a deeper one is refused before anything walks it. */
export const MAX_JSON_DEPTH = 32;

/** Whether a parsed JSON value nests arrays and objects deeper than `max` (walked without recursion). */
export function nestedDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== "object") continue;
    if (depth >= max) return true;
    for (const inner of Object.values(current)) stack.push([inner, depth + 1]);
  }
  return false;
}

/** The paths ("Billing.City", "Lines.0.ItemKey") of every text in a value that holds a control character. */
export function fieldsWithControlCharacters(value: unknown, path = ""): string[] {
  if (typeof value === "string") return hasControlCharacters(value) ? [path || "_"] : [];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(hasControlCharacters(key) ? [path || "_"] : []),
    ...fieldsWithControlCharacters(inner, path ? `${path}.${key}` : key),
  ]);
}

/** E-mail validation (spec 000 section 9): longest domain label. */
export const EMAIL_DOMAIN_LABEL_MAX = 63;

export type Rule =
  | { type: "mandatory" }
  | { type: "maxlength"; max: number }
  | { type: "number" }
  | { type: "date" }
  | { type: "email" }
  | { type: "regex"; pattern: string }
  | { type: "notequalto"; others: string[] }
  | { type: "requiredif"; other: string; value: string; isEqualTo?: boolean }
  | { type: "requiredor"; other: string }
  | { type: "enforcetrue" }
  /** A new password (lib/password.ts): long enough, not the address typed in `emailField` or given as `email`. */
  | { type: "password"; emailField?: string; email?: string };

export type RuleType = Rule["type"];

const isEmpty = (value: string) => value.trim() === "";

/** A bound of zero or less means no limit; an empty optional value passes. */
export function maxLength(value: string, max: number): boolean {
  return max <= 0 || value === "" || [...value].length <= max;
}

/** Digits with an optional single dot or comma separator. */
export function isNumber(value: string): boolean {
  return value === "" || /^\d+(?:[.,]\d+)?$/.test(value.trim());
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** Trimmed; a local part, an @, and a domain of dot-separated labels of at most 63 characters. */
export function isEmail(raw: string): boolean {
  const value = raw.trim();
  if (value === "") return true;
  const at = value.lastIndexOf("@");
  if (at < 1 || at > 64 || value.length > 254) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split(".");
  return (
    EMAIL_LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => label.length <= EMAIL_DOMAIN_LABEL_MAX && EMAIL_LABEL.test(label))
  );
}

/** The culture's short date format as an order of day, month, year and a separator. */
export function shortDateFormat(culture: Culture): { order: ("day" | "month" | "year")[]; separator: string } {
  const parts = dateTimeFormat(INTL_LOCALE[culture], { dateStyle: "short" }).formatToParts(
    new Date(Date.UTC(2001, 10, 22)),
  );
  const order = parts.filter((p) => p.type === "day" || p.type === "month" || p.type === "year").map((p) => p.type) as (
    | "day"
    | "month"
    | "year"
  )[];
  const separator = parts.find((p) => p.type === "literal")?.value ?? "/";
  return { order, separator };
}

/** Valid in the culture's short date format (two- or four-digit years); empty passes. */
export function isShortDate(value: string, culture: Culture): boolean {
  const text = value.trim();
  if (text === "") return true;
  const { order, separator } = shortDateFormat(culture);
  const pieces = text.split(separator);
  if (pieces.length !== 3 || pieces.some((p) => !/^\d{1,4}$/.test(p))) return false;
  const get = (part: "day" | "month" | "year") => Number(pieces[order.indexOf(part)]);
  const rawYear = pieces[order.indexOf("year")] as string;
  if (rawYear.length !== 2 && rawYear.length !== 4) return false;
  const year = rawYear.length === 2 ? 2000 + get("year") : get("year");
  const month = get("month");
  const day = get("day");
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The whole value must match (as unobtrusive validation does); empty passes. */
export function matchesPattern(value: string, pattern: string): boolean {
  if (value === "") return true;
  try {
    const match = new RegExp(pattern).exec(value);
    return match !== null && match.index === 0 && match[0].length === value.length;
  } catch {
    return false;
  }
}

/** Field values by name; checkboxes give "true" or "false" (their checked state). */
export type FieldReader = (name: string) => string;

export function checkRule(rule: Rule, value: string, read: FieldReader, culture: Culture): boolean {
  switch (rule.type) {
    case "mandatory":
      return !isEmpty(value);
    case "maxlength":
      return maxLength(value, rule.max);
    case "number":
      return isNumber(value);
    case "date":
      return isShortDate(value, culture);
    case "email":
      return isEmail(value);
    case "regex":
      return matchesPattern(value, rule.pattern);
    case "notequalto":
      return value === "" || rule.others.every((other) => read(other) !== value);
    case "requiredif": {
      const other = read(rule.other);
      const applies = rule.isEqualTo ? other !== rule.value : other === rule.value;
      return !applies || !isEmpty(value);
    }
    case "requiredor":
      return !isEmpty(value) || !isEmpty(read(rule.other));
    case "enforcetrue":
      return value === "true";
    case "password":
      return (
        value === "" ||
        passwordProblem(value, { email: rule.email ?? (rule.emailField ? read(rule.emailField) : undefined) }) === null
      );
  }
}

/** The rules a field breaks, in order. */
export function failedRules(rules: readonly Rule[], value: string, read: FieldReader, culture: Culture): RuleType[] {
  return rules.filter((rule) => !checkRule(rule, value, read, culture)).map((rule) => rule.type);
}

/** Message keys, one per rule, in i18n/<culture>.json under Validation. */
export const RULE_MESSAGE_KEY: Record<RuleType, string> = {
  mandatory: "Validation.Mandatory",
  maxlength: "Validation.MaxLength",
  number: "Validation.Number",
  date: "Validation.Date",
  email: "Validation.Email",
  regex: "Validation.Regex",
  notequalto: "Validation.NotEqualTo",
  requiredif: "Validation.RequiredIf",
  requiredor: "Validation.RequiredOr",
  enforcetrue: "Validation.EnforceTrue",
  password: "Validation.Password",
};

/**
 * Data attributes that carry a field's rules and messages to the browser, in the style of
 * unobtrusive validation: data-val="true", data-val-<rule>="message", data-val-<rule>-<param>="...".
 */
export function validationAttributes(rules: readonly Rule[], message: (rule: Rule) => string): Record<string, string> {
  const attributes: Record<string, string> = { "data-val": "true" };
  for (const rule of rules) {
    attributes[`data-val-${rule.type}`] = message(rule);
    if (rule.type === "maxlength") attributes["data-val-maxlength-max"] = String(rule.max);
    if (rule.type === "regex") attributes["data-val-regex-pattern"] = rule.pattern;
    if (rule.type === "notequalto") attributes["data-val-notequalto-others"] = rule.others.join(",");
    if (rule.type === "requiredor") attributes["data-val-requiredor-other"] = rule.other;
    if (rule.type === "password" && rule.emailField) attributes["data-val-password-emailfield"] = rule.emailField;
    if (rule.type === "password" && rule.email) attributes["data-val-password-email"] = rule.email;
    if (rule.type === "requiredif") {
      attributes["data-val-requiredif-other"] = rule.other;
      attributes["data-val-requiredif-value"] = rule.value;
      if (rule.isEqualTo) attributes["data-val-requiredif-isequalto"] = "true";
    }
  }
  return attributes;
}

/** The reverse: rules and messages read back from a field's attributes. */
export function rulesFromAttributes(get: (name: string) => string | null): { rule: Rule; message: string }[] {
  const found: { rule: Rule; message: string }[] = [];
  const add = (type: RuleType, build: () => Rule) => {
    const message = get(`data-val-${type}`);
    if (message !== null) found.push({ rule: build(), message });
  };
  add("mandatory", () => ({ type: "mandatory" }));
  add("maxlength", () => ({ type: "maxlength", max: Number(get("data-val-maxlength-max") ?? 0) || 0 }));
  add("number", () => ({ type: "number" }));
  add("date", () => ({ type: "date" }));
  add("email", () => ({ type: "email" }));
  add("regex", () => ({ type: "regex", pattern: get("data-val-regex-pattern") ?? "" }));
  add("notequalto", () => ({
    type: "notequalto",
    others: (get("data-val-notequalto-others") ?? "").split(",").filter(Boolean),
  }));
  add("requiredif", () => ({
    type: "requiredif",
    other: get("data-val-requiredif-other") ?? "",
    value: get("data-val-requiredif-value") ?? "",
    isEqualTo: get("data-val-requiredif-isequalto") === "true",
  }));
  add("requiredor", () => ({ type: "requiredor", other: get("data-val-requiredor-other") ?? "" }));
  add("enforcetrue", () => ({ type: "enforcetrue" }));
  add("password", () => ({
    type: "password",
    ...(get("data-val-password-emailfield") ? { emailField: get("data-val-password-emailfield") as string } : {}),
    ...(get("data-val-password-email") ? { email: get("data-val-password-email") as string } : {}),
  }));
  return found;
}

/**
 * Patterns for `<input pattern>`, written once with their backslashes: an Astro attribute written as a
 * quoted string reads `\d` as a JavaScript escape and renders `d` (a pattern that then refuses every
 * price). Each is valid in the `v` mode browsers compile patterns with.
 */
export const INPUT_PATTERNS = {
  /** A sum in euros: up to 7 digits, then a point or a comma and 1 or 2 digits. */
  euros: String.raw`\d{1,7}([.,]\d{1,2})?`,
  /** A code of a shipping method or a pickup point. */
  lowerCode: String.raw`[a-z0-9][a-z0-9_\-]{0,31}`,
  /** A coupon's code. */
  couponCode: String.raw`[A-Za-z0-9_\-]{1,64}`,
  /** A token's name. */
  tokenName: String.raw`[\w .\-]{2,60}`,
} as const;
