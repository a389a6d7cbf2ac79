import { ApiError } from "../../src/server/http/errors";

/** The field errors of the refusal (400 ValidationFailed) `read` throws; fails when it throws none. */
export function fieldsRefused(read: () => unknown): Record<string, string[]> {
  try {
    read();
  } catch (error) {
    if (error instanceof ApiError && error.code === "ValidationFailed") return error.errors;
    throw error;
  }
  throw new Error("not refused");
}
