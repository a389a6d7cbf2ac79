import { describe, expect, it } from "vitest";
import { dateTimeFormat, displayNames, numberFormat, pluralRules } from "./intl";

describe("Intl formatters made once", () => {
  it("answers the same formatter for the same locale and options, another for others", () => {
    expect(dateTimeFormat("fr", { dateStyle: "long" })).toBe(dateTimeFormat("fr", { dateStyle: "long" }));
    expect(dateTimeFormat("fr", { dateStyle: "long" })).not.toBe(dateTimeFormat("nl", { dateStyle: "long" }));
    expect(dateTimeFormat("fr", { dateStyle: "long" })).not.toBe(dateTimeFormat("fr", { dateStyle: "short" }));
    expect(displayNames("fr", { type: "region" }).of("BE")).toBe("Belgique");
    expect(displayNames("nl", { type: "region" }).of("BE")).toBe("België");
    expect(numberFormat("de-DE").format(1234.5)).toBe("1.234,5");
    expect(pluralRules("fr").select(1)).toBe("one");
    expect(pluralRules("fr")).toBe(pluralRules("fr"));
  });
});
