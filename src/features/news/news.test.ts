import { describe, expect, it } from "vitest";
import {
  adjacentMonths,
  calendarParams,
  calendarPath,
  monthGrid,
  parseCategoryIds,
  parseDay,
  parseMonth,
} from "./news";

describe("the news calendar's month", () => {
  it("starts weeks on Monday and pads both ends", () => {
    const weeks = monthGrid(2025, 10);
    // 1 October 2025 is a Wednesday.
    expect(weeks[0]?.map((c) => c.day)).toEqual([null, null, 1, 2, 3, 4, 5]);
    expect(weeks.at(-1)?.map((c) => c.day)).toEqual([27, 28, 29, 30, 31, null, null]);
    expect(weeks.flat().filter((c) => c.date).length).toBe(31);
    expect(weeks[0]?.[2]?.date).toBe("2025-10-01");
  });

  it("knows February in leap years and wraps the year", () => {
    expect(
      monthGrid(2028, 2)
        .flat()
        .filter((c) => c.date).length,
    ).toBe(29);
    expect(adjacentMonths(2026, 1)).toEqual({ previous: { year: 2025, month: 12 }, next: { year: 2026, month: 2 } });
    expect(adjacentMonths(2026, 12).next).toEqual({ year: 2027, month: 1 });
  });
});

describe("the calendar routes' parameters (spec 001)", () => {
  it("reads categories, children, posts per page, days and months, and refuses the rest", () => {
    expect(parseCategoryIds("1,4,4")).toEqual([1, 4]);
    expect(parseCategoryIds("0")).toEqual([]);
    expect(parseCategoryIds("1;drop")).toBeNull();
    expect(parseDay("2026-02-29")).toBeNull();
    expect(parseDay("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseMonth("2025-13")).toBeNull();
    expect(calendarParams({ categoryIds: "2", displayChildren: "true", postPerPage: "3" })).toEqual({
      categoryIds: [2],
      displayChildren: true,
      postPerPage: 3,
    });
    expect(calendarParams({ categoryIds: "2", displayChildren: "yes", postPerPage: "3" })).toBeNull();
    expect(calendarParams({ categoryIds: "2", displayChildren: "false", postPerPage: "0" })).toBeNull();
    expect(calendarParams({ categoryIds: "2", displayChildren: "false", postPerPage: "51" })).toBeNull();
    expect(calendarPath("fr", [], false, 3, 11, 2025)).toBe("/fr/widget/news/calendar/0/false/3/11/2025");
  });
});
