import { describe, expect, it } from "vitest";
import { CULTURES } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { ApiError } from "~/server/http/errors";
import { pickupPointFromForm } from "./pickup-admin.server";

function refusal(read: () => unknown): Record<string, string[]> {
  try {
    read();
  } catch (error) {
    if (error instanceof ApiError && error.code === "ValidationFailed") return error.errors;
    throw error;
  }
  throw new Error("not refused");
}

const point = {
  action: "point",
  Code: "Atelier",
  Name: " L'atelier ",
  Street: "Rue Haute 12",
  PostalCode: "1000",
  City: "Bruxelles",
  Country: "BE",
  Phone: "+32 2 123 45 67",
  Hours: "2-6 10:00-18:00;7 closed",
  Active: "yes",
};

describe("the staff page's pickup point form", () => {
  it("becomes the API's write: coordinates as people type them, or none (placed at its postal code)", () => {
    expect(pickupPointFromForm({ ...point, Latitude: "50,8467", Longitude: "4.3525" }, "fr")).toEqual({
      code: "atelier",
      body: {
        Name: "L'atelier",
        Street: "Rue Haute 12",
        PostalCode: "1000",
        City: "Bruxelles",
        Country: "BE",
        Phone: "+32 2 123 45 67",
        Hours: "2-6 10:00-18:00;7 closed",
        Active: true,
        Latitude: 50.8467,
        Longitude: 4.3525,
      },
    });
    const { body } = pickupPointFromForm({ ...point, Latitude: " ", Longitude: "", Active: "" }, "fr");
    expect(body).not.toHaveProperty("Latitude");
    expect(body.Active).toBe(false);
  });

  it("refuses each bad field by the form's name, in the staff member's language", () => {
    for (const culture of CULTURES) {
      const t = translator(culture);
      const errors = refusal(() =>
        pickupPointFromForm(
          { ...point, Code: "", Name: " ", Phone: "call us", Latitude: "91", Longitude: "" },
          culture,
        ),
      );
      expect(errors).toEqual({
        Code: [t("Validation.Regex")],
        Name: [t("Errors.Required")],
        Phone: [t("Errors.InvalidValue")],
        Latitude: [t("Errors.InvalidValue")],
        Longitude: [t("Errors.Required")],
      });
    }
    expect(refusal(() => pickupPointFromForm({ ...point, Latitude: "abc", Longitude: "4" }, "de"))).toEqual({
      Latitude: [translator("de")("Errors.InvalidValue")],
    });
  });
});
