import { describe, expect, it } from "vitest";
import { CULTURES } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { fieldsRefused } from "../../../tests/support/refusals";
import { shippingMethodFromForm } from "./shipping-admin.server";

describe("the staff page's shipping method form", () => {
  it("becomes the API's write: typed euros in cents, a blank country stopped, names trimmed", () => {
    const form = {
      action: "method",
      Code: " Express ",
      Kind: "home",
      Active: "yes",
      "Name-fr": " Express 24 h ",
      "Name-nl": "",
      "Amount-BE": "4,95",
      "FreeFrom-BE": "60",
      "Amount-NL": "0.5",
      "FreeFrom-NL": "",
      "Amount-FR": "",
    };
    expect(shippingMethodFromForm(form, ["BE", "NL", "FR"], "fr")).toEqual({
      code: "express",
      body: {
        Kind: "home",
        Names: { fr: "Express 24 h" },
        Active: true,
        Rates: { BE: { Amount: 495, FreeFrom: 6000 }, NL: { Amount: 50, FreeFrom: null }, FR: null },
      },
    });
    // Unticked: inactive; no kind sent: the method keeps its own.
    const { body } = shippingMethodFromForm({ Code: "express", "Amount-BE": "5" }, ["BE"], "fr");
    expect(body.Active).toBe(false);
    expect(body.Kind).toBeUndefined();
  });

  it("refuses each bad field by the form's name, in the staff member's language, writing nothing", () => {
    for (const culture of CULTURES) {
      const t = translator(culture);
      const errors = fieldsRefused(() =>
        shippingMethodFromForm(
          { Code: "Not a code!", "Amount-BE": "4,999", "FreeFrom-BE": "0", "Amount-NL": "abc" },
          ["BE", "NL"],
          culture,
        ),
      );
      expect(errors).toEqual({
        Code: [t("Validation.Regex")],
        "Amount-BE": [t("Import.Price")],
        "FreeFrom-BE": [t("Import.Price")],
        "Amount-NL": [t("Import.Price")],
      });
      expect(t("Import.Price")).not.toBe("Import.Price");
    }
    // What only the API's rules catch is named as the form names it too.
    const errors = fieldsRefused(() =>
      shippingMethodFromForm(
        { Code: "express", Kind: "relay", "Name-nl": "x".repeat(101), "Amount-BE": "9999999" },
        ["BE"],
        "nl",
      ),
    );
    expect(Object.keys(errors).sort()).toEqual(["Amount-BE", "Kind", "Name-nl"]);
    expect(errors.Kind).toEqual([translator("nl")("Errors.InvalidValue")]);
  });
});
