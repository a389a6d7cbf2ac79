import { describe, expect, it } from "vitest";
import { resolveVariant } from "../catalog";

// Colours 1 (navy), 2 (red); sizes 10 (S), 11 (M), 12 (L). Red M does not exist.
const attributes = [
  { id: 1, valueIds: [1, 2] },
  { id: 2, valueIds: [10, 11, 12] },
];
const variants = [
  { id: 100, valueIds: [1, 10] },
  { id: 101, valueIds: [1, 11] },
  { id: 102, valueIds: [1, 12] },
  { id: 103, valueIds: [2, 10] },
  { id: 104, valueIds: [2, 12] },
];

describe("variant resolution", () => {
  it("finds the exact combination", () => {
    expect(resolveVariant(variants, attributes, [2, 12]).variant?.id).toBe(104);
  });
  it("marks values that do not exist with the other choices", () => {
    const { unavailable } = resolveVariant(variants, attributes, [2, 10]);
    expect([...unavailable]).toEqual([11]);
    expect([...resolveVariant(variants, attributes, [1, 11]).unavailable]).toEqual([2]);
  });
  it("keeps the latest choice when the old combination does not exist", () => {
    // Navy M chosen, then red picked: red M does not exist, so red with another size.
    const { variant } = resolveVariant(variants, attributes, [2, 11], 2);
    expect(variant?.valueIds).toContain(2);
  });
  it("falls back to a variant when nothing is chosen", () => {
    expect(resolveVariant(variants, attributes, []).variant?.id).toBe(100);
    expect(resolveVariant([], attributes, [1]).variant).toBeNull();
  });
});
