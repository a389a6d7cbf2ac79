import { describe, expect, it } from "vitest";
import { droppedMeanwhile } from "./client";

describe("migrating while another schema of the database is dropped", () => {
  // Kysely's migrator reads every schema's tables and their serial sequences: another shop's (or test
  // file's) schema dropped between its snapshot and those reads fails it with one of these two messages,
  // as a CI run saw ('relation "t_68f78d98ae8a.audit_log" does not exist' in `db:copy`'s migration).
  it("names the schema a failed catalogue read lost, and only for those two messages", () => {
    expect(droppedMeanwhile(new Error('relation "t_68f78d98ae8a.audit_log" does not exist'))).toBe("t_68f78d98ae8a");
    expect(droppedMeanwhile(new Error('schema "t_0a1b2c" does not exist'))).toBe("t_0a1b2c");
    expect(droppedMeanwhile(new Error('relation "products" does not exist'))).toBeNull();
    expect(droppedMeanwhile(new Error("deadlock detected"))).toBeNull();
    expect(droppedMeanwhile("not an error")).toBeNull();
  });
});
