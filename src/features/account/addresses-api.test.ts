import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/server/config/env";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { billingAddress } from "../../../tests/support/checkout";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { addressPage } from "./addresses.server";

async function signedIn(email: string, password: string) {
  const client = apiClient();
  const login = await client.call("POST", "/security/login", { Email: email, Password: password });
  expect(login.status).toBe(200);
  return client;
}

const marie = () => signedIn("marie@vitrine.test", "Vitrine-demo-1");
const jan = () => signedIn("jan@vitrine.test", "Vitrine-demo-2");

async function addressRow(id: number) {
  return db().selectFrom("addresses").selectAll().where("id", "=", id).executeTakeFirst();
}

describe.each(DIALECTS)("the checkout's address popup API on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 20 });
  });
  afterEach(() => {
    delete process.env.ADDRESS_CREATE;
    delete process.env.ADDRESS_EDIT;
    resetEnvForTests();
  });
  afterAll(async () => {
    await database.close();
  });

  it("asks a guest to sign in", async () => {
    const response = await apiClient().call("POST", "/customers/addresses", { Id: 0, ...(await billingAddress()) });
    expect(response.status).toBe(401);
  });

  it("creates an address for the signed-in customer and edits it", async () => {
    const client = await marie();
    const created = await client.call("POST", "/customers/addresses", {
      Id: 0,
      AddressType: "Shipping",
      ...(await billingAddress()),
      Street1: "Avenue Louise 54",
    });
    expect(created.status).toBe(200);
    const saved = await created.json();
    expect(saved).toMatchObject({ AddressType: "Shipping", Street1: "Avenue Louise 54", City: "Bruxelles" });
    const owner = await db()
      .selectFrom("customers")
      .select("id")
      .where("email", "=", "marie@vitrine.test")
      .executeTakeFirstOrThrow();
    expect((await addressRow(saved.Id))?.customer_id).toBe(owner.id);

    const edited = await client.call("POST", "/customers/addresses", {
      ...saved,
      AccountType: "Business",
      Company: "Atelier Marie",
      AddressType: "Both",
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ Id: saved.Id, Company: "Atelier Marie", AddressType: "Both" });
    expect((await addressRow(saved.Id))?.street1).toBe("Avenue Louise 54");
  });

  it("answers 404 for another customer's address and leaves it as it was", async () => {
    const janAddress = await db()
      .selectFrom("addresses as a")
      .innerJoin("customers as c", "c.id", "a.customer_id")
      .select(["a.id", "a.street1"])
      .where("c.email", "=", "jan@vitrine.test")
      .executeTakeFirstOrThrow();
    const client = await marie();
    const response = await client.call("POST", "/customers/addresses", {
      Id: janAddress.id,
      ...(await billingAddress()),
      Street1: "Taken over 1",
    });
    expect(response.status).toBe(404);
    expect((await response.json()).Code).toBe("AddressNotFound");
    expect((await addressRow(janAddress.id))?.street1).toBe(janAddress.street1);
  });

  it("says in the shopper's language which fields are wrong, a business's company name included", async () => {
    const client = await jan();
    const before = await db().selectFrom("addresses").select("id").execute();
    const response = await client.call(
      "POST",
      "/customers/addresses",
      { Id: 0, AccountType: "Business", ...(await billingAddress()), FirstName: "  ", PostalCode: "?" },
      { "X-Culture": "nl" },
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.Errors.Company).toEqual(["Dit veld is verplicht."]);
    expect(body.Errors.FirstName).toEqual(["Dit veld is verplicht."]);
    expect(body.Errors.PostalCode).toHaveLength(1);
    expect(body.Errors.PostalCode[0]).not.toBe("Dit veld is verplicht.");
    expect(await db().selectFrom("addresses").select("id").execute()).toHaveLength(before.length);

    const unknownCountry = await client.call("POST", "/customers/addresses", {
      Id: 0,
      ...(await billingAddress()),
      CountryId: 99999,
    });
    expect(unknownCountry.status).toBe(404);
    expect((await unknownCountry.json()).Code).toBe("CountryNotFound");
  });

  it("follows the shop's flags: no new addresses, or no edits", async () => {
    const client = await marie();
    const own = await db()
      .selectFrom("addresses as a")
      .innerJoin("customers as c", "c.id", "a.customer_id")
      .select(["a.id"])
      .where("c.email", "=", "marie@vitrine.test")
      .executeTakeFirstOrThrow();
    process.env.ADDRESS_CREATE = "false";
    resetEnvForTests();
    const created = await client.call("POST", "/customers/addresses", { Id: 0, ...(await billingAddress()) });
    expect(created.status).toBe(403);
    const edited = await client.call("POST", "/customers/addresses", { Id: own.id, ...(await billingAddress()) });
    expect(edited.status).toBe(200);

    process.env.ADDRESS_CREATE = "true";
    process.env.ADDRESS_EDIT = "false";
    resetEnvForTests();
    const refused = await client.call("POST", "/customers/addresses", {
      Id: own.id,
      ...(await billingAddress()),
      Street1: "Changed 2",
    });
    expect(refused.status).toBe(403);
    expect((await addressRow(own.id))?.street1).not.toBe("Changed 2");
    expect((await client.call("POST", "/customers/addresses", { Id: 0, ...(await billingAddress()) })).status).toBe(
      200,
    );
  });

  describe("the popup as a page (without JavaScript)", () => {
    const customerIdOf = async (email: string) =>
      (await db().selectFrom("customers").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    const post = (fields: Record<string, string | number>) =>
      new Request("http://127.0.0.1/nl/account/addresses/edit", {
        method: "POST",
        body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
      });
    const get = () => new Request("http://127.0.0.1/nl/account/addresses/edit");

    it("shows a new delivery address form, refuses what is wrong in Dutch keeping the rest, then goes back", async () => {
      const customerId = await customerIdOf("marie@vitrine.test");
      const query = new URLSearchParams({ For: "Shipping", ExistingBillingAddressId: "7", returnUrl: "/nl/checkout" });
      const blank = await addressPage(get(), "nl", customerId, query);
      expect(blank).toMatchObject({ kind: "form", status: 200, allowed: true, isNew: true, use: "Shipping" });
      if (blank.kind !== "form") return;
      expect(blank.values).toMatchObject({ Id: "0", AddressType: "Shipping", ExistingBillingAddressId: "7" });

      const typed = { ...(await billingAddress()), Street1: "Meir 1" };
      const refused = await addressPage(post({ ...typed, FirstName: " ", PostalCode: "??" }), "nl", customerId, query);
      expect(refused).toMatchObject({ kind: "form", status: 400, failure: "Sommige waarden zijn ongeldig." });
      if (refused.kind !== "form") return;
      expect(refused.errors.FirstName).toEqual(["Dit veld is verplicht."]);
      expect(refused.errors.PostalCode).toHaveLength(1);
      expect(refused.values).toMatchObject({ Street1: "Meir 1", PostalCode: "??", ExistingBillingAddressId: "7" });

      const saved = await addressPage(post(typed), "nl", customerId, query);
      expect(saved.kind).toBe("saved");
      if (saved.kind !== "saved") return;
      const back = new URL(saved.location, "http://127.0.0.1");
      expect(back.pathname).toBe("/nl/checkout");
      expect(back.searchParams.get("ExistingBillingAddressId")).toBe("7");
      expect(back.searchParams.get("ShippingSameAsBilling")).toBe("false");
      const row = await addressRow(Number(back.searchParams.get("ExistingShippingAddressId")));
      expect(row).toMatchObject({ customer_id: customerId, street1: "Meir 1", address_type: "Shipping" });
    });

    it("fills the form with a saved address, keeps its Id whatever is posted, and hides another customer's", async () => {
      const marieId = await customerIdOf("marie@vitrine.test");
      const janId = await customerIdOf("jan@vitrine.test");
      const own = await db()
        .selectFrom("addresses")
        .select(["id", "street1"])
        .where("customer_id", "=", marieId)
        .executeTakeFirstOrThrow();
      const query = new URLSearchParams({ Id: String(own.id) });
      const shown = await addressPage(get(), "nl", marieId, query);
      expect(shown).toMatchObject({ kind: "form", isNew: false, use: "Billing" });
      if (shown.kind === "form") expect(shown.values.Street1).toBe(own.street1);
      expect(await addressPage(get(), "nl", janId, query)).toEqual({ kind: "not-found" });

      const janAddress = await db()
        .selectFrom("addresses")
        .select(["id", "street1"])
        .where("customer_id", "=", janId)
        .executeTakeFirstOrThrow();
      const saved = await addressPage(
        post({ ...(await billingAddress()), Id: janAddress.id, Street1: "Kerkstraat 2" }),
        "nl",
        marieId,
        query,
      );
      expect(saved.kind).toBe("saved");
      expect((await addressRow(own.id))?.street1).toBe("Kerkstraat 2");
      expect((await addressRow(janAddress.id))?.street1).toBe(janAddress.street1);
    });

    it("answers 403 without saving when the flag forbids it", async () => {
      const customerId = await customerIdOf("lucia@vitrine.test");
      process.env.ADDRESS_CREATE = "false";
      resetEnvForTests();
      const before = await db().selectFrom("addresses").select("id").where("customer_id", "=", customerId).execute();
      const page = await addressPage(post(await billingAddress()), "nl", customerId, new URLSearchParams());
      expect(page).toMatchObject({ kind: "form", status: 403, allowed: false });
      const after = await db().selectFrom("addresses").select("id").where("customer_id", "=", customerId).execute();
      expect(after).toHaveLength(before.length);
    });
  });

  it("deletes and chooses defaults in one's own address book only, and the checkout picks the default first", async () => {
    const client = await marie();
    const saved = async (type: string, street: string) =>
      (await (
        await client.call("POST", "/customers/addresses", {
          Id: 0,
          ...(await billingAddress()),
          Street1: street,
          AddressType: type,
        })
      ).json()) as { Id: number };
    const billingOnly = await saved("Billing", "Rue du Bureau 1");
    const both = await saved("Both", "Rue de la Maison 2");
    const other = await jan();
    expect((await other.call("DELETE", `/customers/addresses/${both.Id}`)).status).toBe(404);
    expect((await other.call("PUT", `/customers/addresses/${both.Id}/default`, { Use: "Billing" })).status).toBe(404);
    expect((await apiClient().call("DELETE", `/customers/addresses/${both.Id}`)).status).toBe(401);
    // A billing-only address cannot be the default delivery address.
    expect(
      (await client.call("PUT", `/customers/addresses/${billingOnly.Id}/default`, { Use: "Shipping" })).status,
    ).toBe(400);
    expect((await client.call("PUT", `/customers/addresses/${both.Id}/default`, { Use: "Shipping" })).status).toBe(200);
    const { addressPicker } = await import("./addresses.server");
    const customerId = (
      await db()
        .selectFrom("customers")
        .select("id")
        .where("email", "=", "marie@vitrine.test")
        .executeTakeFirstOrThrow()
    ).id;
    expect((await addressPicker(customerId, "Shipping")).selected?.Id).toBe(both.Id);
    expect((await client.call("DELETE", `/customers/addresses/${both.Id}`)).status).toBe(200);
    expect(await addressRow(both.Id)).toBeUndefined();
    const defaults = await db()
      .selectFrom("customers")
      .select(["default_billing_address_id", "default_shipping_address_id"])
      .where("id", "=", customerId)
      .executeTakeFirstOrThrow();
    expect(defaults.default_shipping_address_id).toBeNull();
    expect((await client.call("DELETE", `/customers/addresses/${both.Id}`)).status).toBe(404);
    expect((await client.call("DELETE", "/customers/addresses/abc")).status).toBe(404);
  });
});
