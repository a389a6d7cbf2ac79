import { describe, expect, it } from "vitest";
import { errorAction } from "./request-errors";

describe("request error actions (spec 000 section 8)", () => {
  it.each([
    [200, "none"],
    [304, "none"],
    [401, "login"],
    [404, "log"],
    [0, "warn"],
    [400, "dialog"],
    [403, "dialog"],
    [409, "dialog"],
    [500, "dialog"],
    [503, "dialog"],
  ] as const)("%i -> %s", (status, action) => {
    expect(errorAction(status)).toBe(action);
  });
});
