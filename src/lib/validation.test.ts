import { describe, expect, it } from "vitest";
import {
  checkRule,
  failedRules,
  isEmail,
  isNumber,
  isShortDate,
  matchesPattern,
  maxLength,
  type Rule,
  rulesFromAttributes,
  validationAttributes,
} from "./validation";

const none = () => "";

describe("maxlength", () => {
  it("treats zero or less as no limit and lets an empty value pass", () => {
    expect(maxLength("x".repeat(500), 0)).toBe(true);
    expect(maxLength("x".repeat(500), -3)).toBe(true);
    expect(maxLength("", 5)).toBe(true);
    expect(maxLength("abcde", 5)).toBe(true);
    expect(maxLength("abcdef", 5)).toBe(false);
    expect(maxLength("éèà😀", 4)).toBe(true);
  });
});

describe("number", () => {
  it.each([
    ["12", true],
    ["12.5", true],
    ["12,5", true],
    ["", true],
    ["1.2.3", false],
    ["1,2.3", false],
    ["12a", false],
    [".5", false],
    ["-1", false],
  ])("%j -> %s", (value, ok) => expect(isNumber(value)).toBe(ok));
});

describe("date in the culture's short format", () => {
  it("reads day-month-year as each culture writes it", () => {
    expect(isShortDate("22/11/2026", "fr")).toBe(true);
    expect(isShortDate("22.11.26", "de")).toBe(true);
    expect(isShortDate("22.11.2026", "de")).toBe(true);
    expect(isShortDate("22/11/2026", "de")).toBe(false);
    expect(isShortDate("31/02/2026", "it")).toBe(false);
    expect(isShortDate("29/02/2028", "pt")).toBe(true);
    expect(isShortDate("", "es")).toBe(true);
    expect(isShortDate("2026-11-22", "nl")).toBe(false);
  });
});

describe("email", () => {
  it("trims and checks local part and domain labels", () => {
    expect(isEmail("  marie@vitrine.test ")).toBe(true);
    expect(isEmail("")).toBe(true);
    expect(isEmail("a.b+c@sub.example.be")).toBe(true);
    expect(isEmail(`x@${"a".repeat(63)}.be`)).toBe(true);
    expect(isEmail(`x@${"a".repeat(64)}.be`)).toBe(false);
    expect(isEmail("no-at.example")).toBe(false);
    expect(isEmail("x@localhost")).toBe(false);
    expect(isEmail("x@-bad.be")).toBe(false);
    expect(isEmail("two@@at.be")).toBe(false);
  });
});

describe("regex", () => {
  it("requires a whole match; empty passes; a broken pattern fails", () => {
    expect(matchesPattern("BE0403019261", "[A-Z]{2}\\d+")).toBe(true);
    expect(matchesPattern("xBE04", "[A-Z]{2}\\d+")).toBe(false);
    expect(matchesPattern("", "\\d+")).toBe(true);
    expect(matchesPattern("a", "(")).toBe(false);
  });
});

describe("rules that read other fields", () => {
  const form: Record<string, string> = { Password: "secret", Company: "", Newsletter: "true", AccountType: "Business" };
  const read = (name: string) => form[name] ?? "";
  it("notequalto", () => {
    expect(checkRule({ type: "notequalto", others: ["Password"] }, "secret", read, "fr")).toBe(false);
    expect(checkRule({ type: "notequalto", others: ["Password"] }, "other", read, "fr")).toBe(true);
  });
  it("requiredif and its isequalto variant; checkboxes compare their checked state", () => {
    const ifBusiness: Rule = { type: "requiredif", other: "AccountType", value: "Business" };
    expect(checkRule(ifBusiness, "", read, "fr")).toBe(false);
    expect(checkRule(ifBusiness, "ACME", read, "fr")).toBe(true);
    const unlessPrivate: Rule = { type: "requiredif", other: "AccountType", value: "Private", isEqualTo: true };
    expect(checkRule(unlessPrivate, "", read, "fr")).toBe(false);
    const ifChecked: Rule = { type: "requiredif", other: "Newsletter", value: "true" };
    expect(checkRule(ifChecked, "", read, "fr")).toBe(false);
    expect(checkRule(ifChecked, "", (n) => (n === "Newsletter" ? "false" : ""), "fr")).toBe(true);
  });
  it("requiredor, mandatory, enforcetrue", () => {
    expect(checkRule({ type: "requiredor", other: "Company" }, "", read, "fr")).toBe(false);
    expect(checkRule({ type: "requiredor", other: "Password" }, "", read, "fr")).toBe(true);
    expect(checkRule({ type: "mandatory" }, "  ", none, "fr")).toBe(false);
    expect(checkRule({ type: "enforcetrue" }, "false", none, "fr")).toBe(false);
    expect(checkRule({ type: "enforcetrue" }, "true", none, "fr")).toBe(true);
  });
  it("lists every broken rule of a field", () => {
    expect(
      failedRules([{ type: "mandatory" }, { type: "email" }, { type: "maxlength", max: 3 }], "abcd", none, "fr"),
    ).toEqual(["email", "maxlength"]);
  });
});

describe("attributes", () => {
  it("round-trip rules through data-val attributes", () => {
    const rules: Rule[] = [
      { type: "mandatory" },
      { type: "maxlength", max: 20 },
      { type: "regex", pattern: "\\d+" },
      { type: "requiredif", other: "A", value: "x", isEqualTo: true },
      { type: "notequalto", others: ["B", "C"] },
    ];
    const attributes = validationAttributes(rules, (r) => `msg ${r.type}`);
    const back = rulesFromAttributes((name) => attributes[name] ?? null);
    expect(back.map((b) => b.rule)).toHaveLength(rules.length);
    expect(back.map((b) => b.rule)).toEqual(expect.arrayContaining(rules));
    expect(back[0]?.message).toBe("msg mandatory");
  });
});
