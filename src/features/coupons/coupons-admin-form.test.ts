import { describe, expect, it } from "vitest";
import { CULTURES } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { fieldsRefused } from "../../../tests/support/refusals";
import { couponFromForm, shopDayAt } from "./coupons-admin.server";

describe("the staff page's coupon form", () => {
  it("becomes the API's write: whole days in Brussels time, typed euros in cents, blank limits none", () => {
    expect(
      couponFromForm(
        {
          Code: " WINTER-10 ",
          Kind: "percent",
          Value: "12,5",
          MinimumTotal: "49,90",
          ValidFrom: "2026-12-01",
          ValidTo: "2027-07-31",
          MaxUses: "100",
          MaxUsesPerCustomer: "",
          Category: " vetements ",
          Brand: "",
          Customer: "",
          Active: "yes",
        },
        "fr",
      ),
    ).toEqual({
      code: "WINTER-10",
      body: {
        Percent: 12.5,
        MinimumTotal: 4990,
        // Winter: UTC+1 at the start of the day; summer: UTC+2 at its end.
        ValidFrom: "2026-11-30T23:00:00.000Z",
        ValidTo: "2027-07-31T21:59:59.000Z",
        MaxUses: 100,
        MaxUsesPerCustomer: null,
        Category: "vetements",
        Brand: null,
        Customer: null,
        Active: true,
      },
    });
    const { body } = couponFromForm({ Code: "TEN", Kind: "amount", Value: "10" }, "nl");
    expect(body).toMatchObject({ Amount: 1000, MinimumTotal: 0, ValidFrom: null, Active: false });
    expect(body).not.toHaveProperty("Percent");
  });

  it("refuses a day that does not exist rather than moving it to the next month", () => {
    expect(shopDayAt("2026-02-30", "00:00:00")).toBeNull();
    expect(shopDayAt("2026-04-31", "23:59:59")).toBeNull();
    expect(shopDayAt("2028-02-29", "00:00:00")).toBe("2028-02-28T23:00:00.000Z");
    expect(shopDayAt("29/02/2028", "00:00:00")).toBeNull();
  });

  it("refuses each bad field by the form's name, in the staff member's language", () => {
    for (const culture of CULTURES) {
      const t = translator(culture);
      const errors = fieldsRefused(() =>
        couponFromForm(
          {
            Code: "10 %",
            Kind: "percent",
            Value: "150",
            MinimumTotal: "lots",
            ValidFrom: "2026-02-30",
            MaxUses: "0",
            MaxUsesPerCustomer: "1.5",
          },
          culture,
        ),
      );
      expect(errors).toEqual({
        Code: [t("Validation.Regex")],
        Value: [t("Validation.Number")],
        MinimumTotal: [t("Validation.Number")],
        ValidFrom: [t("Validation.Date", { format: "YYYY-MM-DD" })],
        MaxUses: [t("Validation.Number")],
        MaxUsesPerCustomer: [t("Validation.Number")],
      });
    }
    expect(fieldsRefused(() => couponFromForm({ Code: "X", Kind: "free", Value: "1" }, "es"))).toEqual({
      Kind: [translator("es")("Errors.Required")],
    });
    // What only the API's rules catch is named as the form names it too.
    expect(
      fieldsRefused(() => couponFromForm({ Code: "X", Kind: "amount", Value: "5", Customer: "nobody" }, "it")),
    ).toEqual({
      Customer: [translator("it")("Errors.InvalidValue")],
    });
  });
});
