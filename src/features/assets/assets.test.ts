import { describe, expect, it } from "vitest";
import { acceptsFile, clampSelection, cropDecision, parseCrop, quarterTurn, subtreeIds } from "./assets";

describe("asset library rules (spec 000)", () => {
  it("adds an image of the crop size or without crop, refuses a smaller one, crops a larger one", () => {
    expect(cropDecision({ width: 400, height: 300 }, { width: 400, height: 300 })).toBe("add");
    expect(cropDecision({ width: 10, height: 10 }, null)).toBe("add");
    expect(cropDecision({ width: 399, height: 600 }, { width: 400, height: 300 })).toBe("tooSmall");
    expect(cropDecision({ width: 800, height: 300 }, { width: 400, height: 300 })).toBe("crop");
  });

  it("reads the crop attribute, matches accept with jpg as jpeg, clamps selections and turns", () => {
    expect(parseCrop("400, 300")).toEqual({ width: 400, height: 300 });
    expect(parseCrop("0,300")).toBeNull();
    expect(parseCrop("abc")).toBeNull();
    expect(acceptsFile(".jpg,.png", { name: "a.JPEG", type: "" })).toBe(true);
    expect(acceptsFile("image/*", { name: "a.bin", type: "image/png" })).toBe(true);
    expect(acceptsFile(".png", { name: "a.gif", type: "image/gif" })).toBe(false);
    expect(clampSelection({ x: -5, y: -2.6, width: 900, height: 50 }, { width: 800, height: 600 })).toEqual({
      x: 0,
      y: 0,
      width: 800,
      height: 50,
    });
    expect([quarterTurn(-90), quarterTurn(450), quarterTurn(0)]).toEqual([270, 90, 0]);
  });

  it("finds a folder's subtree, whatever the order of the rows", () => {
    const rows = [
      { id: 4, parent_id: 3 },
      { id: 1, parent_id: null },
      { id: 3, parent_id: 2 },
      { id: 2, parent_id: 1 },
      { id: 5, parent_id: 1 },
    ];
    expect([...subtreeIds(rows, 2)].sort()).toEqual([2, 3, 4]);
    expect([...subtreeIds(rows, 5)]).toEqual([5]);
  });
});
