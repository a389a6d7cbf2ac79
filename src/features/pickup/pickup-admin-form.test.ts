import { describe, expect, it } from "vitest";
import { CULTURES } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { fieldsRefused } from "../../../tests/support/refusals";
import { pickupPointFromForm } from "./pickup-admin.server";

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
      const errors = fieldsRefused(() =>
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
    expect(fieldsRefused(() => pickupPointFromForm({ ...point, Latitude: "abc", Longitude: "4" }, "de"))).toEqual({
      Latitude: [translator("de")("Errors.InvalidValue")],
    });
  });
});
