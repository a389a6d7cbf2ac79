import { describe, expect, it } from "vitest";
import { paging } from "./paging";

describe("paging", () => {
  it("counts the pages and keeps the asked one within them", () => {
    expect(paging(535, 48, 1)).toEqual({ totalPages: 12, currentPages: 1 });
    expect(paging(535, 48, 12)).toEqual({ totalPages: 12, currentPages: 12 });
    expect(paging(535, 48, 999)).toEqual({ totalPages: 12, currentPages: 12 });
    expect(paging(535, 48, -3)).toEqual({ totalPages: 12, currentPages: 1 });
    expect(paging(96, 48, 2.7)).toEqual({ totalPages: 2, currentPages: 2 });
  });
  it("an empty list has one page, and a page that is no number is the first", () => {
    expect(paging(0, 48, 1)).toEqual({ totalPages: 1, currentPages: 1 });
    expect(paging(100, 48, Number("abc"))).toEqual({ totalPages: 3, currentPages: 1 });
  });
});
