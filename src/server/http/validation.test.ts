import { describe, expect, it } from "vitest";
import { z } from "zod";
import { translator } from "~/lib/i18n";
import { fieldsRefused } from "../../../tests/support/refusals";
import { parseFormBody, parseWith } from "./validation";

const Body = z.object({
  Name: z.string().trim().min(1),
  Amount: z.number().int(),
  Rates: z.record(z.string(), z.number()),
});

describe("a refused body's field errors", () => {
  const t = translator("nl");
  it("say a field is required only when it is absent or blank, and invalid when it is of the wrong kind", () => {
    expect(fieldsRefused(() => parseWith(Body, { Name: " ", Rates: {} }, "nl"))).toEqual({
      Name: [t("Errors.Required")],
      Amount: [t("Errors.Required")],
    });
    // A price sent as text, or a number that is none, was once answered "required".
    expect(
      fieldsRefused(() => parseWith(Body, { Name: "x", Amount: "4.95", Rates: { BE: Number.NaN } }, "nl")),
    ).toEqual({
      Amount: [t("Errors.InvalidValue")],
      "Rates.BE": [t("Errors.InvalidValue")],
    });
  });

  it("name a form's fields as the form does", () => {
    const field = (path: string) => (path.startsWith("Rates.") ? `Amount-${path.split(".")[1]}` : path);
    expect(
      fieldsRefused(() => parseFormBody(Body, { Name: "x", Amount: 1.5, Rates: { BE: "?" } }, "fr", field)),
    ).toEqual({
      Amount: [translator("fr")("Errors.InvalidValue")],
      "Amount-BE": [translator("fr")("Errors.InvalidValue")],
    });
  });
});
