import { describe, expect, it } from "vitest";
import { correctQuantity, isUsableQuantity, normalizeRules, parseQuantity, stepQuantity } from "./quantity";

describe("quantity rules (spec 001 section 5)", () => {
  it("defaults: min 1, no max (0 or absent), step 1", () => {
    expect(normalizeRules()).toEqual({ min: 1, max: null, step: 1 });
    expect(normalizeRules({ min: 0, max: 0, step: 0 })).toEqual({ min: 1, max: null, step: 1 });
    expect(normalizeRules({ min: 2, max: 10, step: 2 })).toEqual({ min: 2, max: 10, step: 2 });
  });

  it("empties anything that is not a number", () => {
    for (const raw of ["", "abc", "1e3", "-2", "2,5,1", " ", null, undefined, Number.NaN])
      expect(correctQuantity(raw)).toBeNull();
    expect(parseQuantity(" 7 ")).toBe(7);
    expect(parseQuantity("2,5")).toBe(2.5);
  });

  it("raises below min to min and lowers above max to max", () => {
    expect(correctQuantity("0", { min: 1 })).toBe(1);
    expect(correctQuantity("3", { min: 5 })).toBe(5);
    expect(correctQuantity("12", { max: 10 })).toBe(10);
    expect(correctQuantity("99999", { max: 0 })).toBe(99999);
  });

  it("snaps to the step: up when increasing, down when decreasing, nearest when typing", () => {
    const packs = { min: 2, step: 2 };
    expect(correctQuantity("5", packs, "up")).toBe(6);
    expect(correctQuantity("5", packs, "down")).toBe(4);
    expect(correctQuantity("5", packs)).toBe(6);
    expect(correctQuantity("7", { step: 3 })).toBe(6);
    expect(correctQuantity("8", { step: 3 })).toBe(9);
    expect(correctQuantity("1", packs, "down")).toBe(2);
  });

  it("rounds whole quantities with a step of 1", () => {
    expect(correctQuantity("2.4")).toBe(2);
    expect(correctQuantity("2,6")).toBe(3);
    expect(correctQuantity("2.2", {}, "up")).toBe(3);
  });

  it("asks the server only about usable values", () => {
    expect(isUsableQuantity("3", { min: 2, max: 5 })).toBe(true);
    expect(isUsableQuantity("1", { min: 2 })).toBe(false);
    expect(isUsableQuantity("6", { max: 5 })).toBe(false);
    expect(isUsableQuantity("x")).toBe(false);
  });

  it("steps a stepper within the rules", () => {
    expect(stepQuantity("2", { min: 2, step: 2 }, "up")).toBe(4);
    expect(stepQuantity("2", { min: 2, step: 2 }, "down")).toBe(2);
    expect(stepQuantity("", { min: 1 }, "up")).toBe(2);
    expect(stepQuantity("5", { max: 5 }, "up")).toBe(5);
  });
});
