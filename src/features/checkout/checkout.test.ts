import { describe, expect, it } from "vitest";
import {
  AddressFormSchema,
  accountTypeOf,
  addressIdParam,
  afterAddressSaved,
  CheckoutSchema,
  checkoutFromForm,
  servesAs,
} from "./checkout";

const billing = {
  "Billing.FirstName": "Anne",
  "Billing.LastName": "Martin",
  "Billing.Street1": "Rue Haute 10",
  "Billing.PostalCode": "1000",
  "Billing.City": "Bruxelles",
  "Billing.CountryId": "1",
};
const blankShipping = {
  "Shipping.FirstName": "",
  "Shipping.LastName": " ",
  "Shipping.Street1": "",
  "Shipping.PostalCode": "",
  "Shipping.City": "",
  "Shipping.CountryId": "1",
};
const base = { IdempotencyKey: "k".repeat(20), AcceptTerms: "on" };

describe("the checkout form read without JavaScript", () => {
  it("delivers to the billing address when asked, whatever the delivery fields hold", () => {
    const parsed = CheckoutSchema.safeParse(
      checkoutFromForm({ ...base, ...billing, ...blankShipping, ShippingSameAsBilling: "on" }),
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data?.Shipping).toBeUndefined();
  });

  it("says each delivery field is required when the shopper unticked the billing address and left them blank", () => {
    const parsed = CheckoutSchema.safeParse(checkoutFromForm({ ...base, ...billing, ...blankShipping }));
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining(["Shipping.FirstName", "Shipping.LastName", "Shipping.Street1", "Shipping.City"]),
    );
  });

  it("takes a chosen saved address over the hidden fields it filled", () => {
    const form = checkoutFromForm({
      ...base,
      ...billing,
      ExistingBillingAddressId: "7",
      ...blankShipping,
      ExistingShippingAddressId: "8",
    });
    expect(form.Billing).toBeUndefined();
    expect(form.Shipping).toBeUndefined();
    expect(CheckoutSchema.parse(form)).toMatchObject({ ExistingBillingAddressId: 7, ExistingShippingAddressId: 8 });
  });
});

describe("the address popup's form", () => {
  const address = {
    FirstName: "Jan",
    LastName: "Jansen",
    Street1: "Coolsingel 40",
    PostalCode: "3011",
    City: "Rotterdam",
    CountryId: 2,
  };

  it("requires a company name from a business only", () => {
    expect(AddressFormSchema.safeParse({ ...address, AccountType: "Private" }).success).toBe(true);
    const business = AddressFormSchema.safeParse({ ...address, AccountType: "Business", Company: " " });
    expect(business.error?.issues.map((i) => i.path.join("."))).toEqual(["Company"]);
    expect(AddressFormSchema.parse({ ...address, AccountType: "Business", Company: "Jansen BV" }).Company).toBe(
      "Jansen BV",
    );
  });

  it("creates by default and reads a saved address sent back as it was answered (nulls included)", () => {
    const parsed = AddressFormSchema.parse({ ...address, Street2: null, Phone: null, Company: null });
    expect(parsed).toMatchObject({ Id: 0, AddressType: "Both", AccountType: "Private", Street2: null });
  });

  it("offers an address to the pickers it serves, and shows a company's address as a business", () => {
    expect(servesAs("Both", "Billing")).toBe(true);
    expect(servesAs("Shipping", "Billing")).toBe(false);
    expect(servesAs("Shipping", "Shipping")).toBe(true);
    expect(accountTypeOf({ Company: "Jansen BV" })).toBe("Business");
    expect(accountTypeOf({ Company: null })).toBe("Private");
  });
});

describe("the address popup's way back", () => {
  it("reads address ids: absent or malformed is no choice, empty is a new address", () => {
    expect(addressIdParam(null)).toBeNull();
    expect(addressIdParam("")).toBe(0);
    expect(addressIdParam("42")).toBe(42);
    for (const bad of ["-1", "4.2", "1e3", "x", "99999999999", "2147483647"]) expect(addressIdParam(bad)).toBeNull();
  });

  it("chooses the saved address where the popup was opened and keeps the other choice", () => {
    expect(afterAddressSaved("/fr/checkout", "Billing", 7, "8")).toBe(
      "/fr/checkout?ExistingBillingAddressId=7&ExistingShippingAddressId=8",
    );
    expect(afterAddressSaved("/nl/checkout?x=1", "Shipping", 9, "javascript:1")).toBe(
      "/nl/checkout?x=1&ExistingShippingAddressId=9&ShippingSameAsBilling=false",
    );
  });
});
