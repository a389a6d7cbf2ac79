import { afterEach, describe, expect, it } from "vitest";
import { setVatRegistry } from "~/features/pricing/vat-registry.server";
import { db } from "~/server/db/client";
import { mailedLink, registration } from "../../../tests/support/accounts";
import { apiClient } from "../../../tests/support/api";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { withSettings } from "../../../tests/support/providers";

describe.each(DIALECTS)("registration on %s", (dialect) => {
  useTestDatabase(dialect, { products: 6 });
  afterEach(() => setVatRegistry(undefined));

  it("opens the account, signs it in on a new session and mails a single-use verification link in its language", async () => {
    const client = apiClient("198.51.100.40");
    await client.call("PUT", "/shoppingcarts/shoppingcartitems", { ProductVariantId: 1, Quantity: 1 });
    const before = client.cookie;
    const response = await client.call("POST", "/security/register", registration());
    expect(response.status).toBe(200);
    const body = (await response.json()) as { Customer: { Email: string; CustomerId: number }; ReturnUrl: string };
    expect(body.Customer.Email).toBe("lea.martin@example.org");
    expect(body.ReturnUrl).toBe("/nl/account");
    expect(client.cookie).not.toBe(before);
    expect((await client.call("GET", "/security/me")).status).toBe(200);

    const link = await mailedLink("lea.martin@example.org");
    expect(link.culture).toBe("nl");
    expect(link.subject).toBe("Bevestig uw e-mailadres");
    expect(link.path).toMatch(/^\/nl\/security\/verify\?token=[\w-]{43}$/);
    const row = await db().selectFrom("account_tokens").selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(link.token);

    expect((await client.call("POST", "/security/verify", { Token: link.token })).status).toBe(200);
    const customer = await db()
      .selectFrom("customers")
      .select(["email_verified_at", "password_hash", "role"])
      .where("email", "=", "lea.martin@example.org")
      .executeTakeFirstOrThrow();
    expect(customer.email_verified_at).not.toBeNull();
    expect(customer.password_hash).toMatch(/^scrypt\$/);
    expect(customer.role).toBe("customer");
    const again = await client.call("POST", "/security/verify", { Token: link.token });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { Code: string }).Code).toBe("LinkNotValid");
  });

  it("welcomes her to the shop by its name, never the project's", async () => {
    const restore = withSettings({ SHOP_NAME: "Maison Lin" });
    try {
      const client = apiClient("198.51.100.41");
      expect(
        (await client.call("POST", "/security/register", registration({ Email: "noor@example.org" }))).status,
      ).toBe(200);
      const mail = await db()
        .selectFrom("mail_outbox")
        .select(["body", "html"])
        .where("to_address", "=", "noor@example.org")
        .executeTakeFirstOrThrow();
      expect(mail.body).toContain("Welkom bij Maison Lin.");
      expect(`${mail.body}${mail.html}`).not.toMatch(/Vitrine/i);
    } finally {
      restore();
    }
  });

  it("refuses a second account for the same address, case aside, without saying more", async () => {
    expect(
      (
        await apiClient("198.51.100.41").call(
          "POST",
          "/security/register",
          registration({ Email: "ana.duval@example.org", FirstName: "Ana", LastName: "Duval" }),
        )
      ).status,
    ).toBe(200);
    const second = await apiClient("198.51.100.42").call(
      "POST",
      "/security/register",
      registration({ Email: "ANA.Duval@example.org", FirstName: "Other", LastName: "Other" }),
      { "X-Culture": "fr" },
    );
    expect(second.status).toBe(409);
    const body = (await second.json()) as { Code: string; Message: string };
    expect(body.Code).toBe("EmailNotAvailable");
    expect(body.Message).toMatch(/ne peut pas servir/);
    expect(body.Message).not.toMatch(/Ana|Duval/);
    const count = await db()
      .selectFrom("customers")
      .select(db().fn.countAll().as("n"))
      .where("email", "=", "ana.duval@example.org")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("refuses weak passwords with the reason in the shopper's language, and a missing consent to the terms", async () => {
    const client = apiClient("198.51.100.43");
    const cases: [string, RegExp][] = [
      ["short1", /au moins 10 caractères/],
      ["weak-2024-summer!", /adresse e-mail/],
      ["password123456", /trop courant/],
    ];
    for (const [password, message] of cases) {
      const response = await client.call(
        "POST",
        "/security/register",
        registration({ Email: "weak@example.org", Password: password }),
        {
          "X-Culture": "fr",
        },
      );
      expect(response.status).toBe(400);
      const body = (await response.json()) as { Errors: Record<string, string[]> };
      expect(body.Errors.Password?.[0]).toMatch(message);
    }
    const noTerms = await client.call(
      "POST",
      "/security/register",
      registration({ Email: "weak@example.org", AcceptTerms: false }),
    );
    expect(noTerms.status).toBe(400);
    expect(Object.keys(((await noTerms.json()) as { Errors: object }).Errors)).toEqual(["AcceptTerms"]);
    expect(await db().selectFrom("customers").select("id").where("email", "=", "weak@example.org").execute()).toEqual(
      [],
    );
  });

  it("checks a business's VAT number like the checkout, and keeps it normalised", async () => {
    setVatRegistry({ check: async (_country, number) => number === "BE0123456749" });
    const business = { AccountType: "Business", CompanyName: "Atelier Léa", CountryId: 1 };
    const client = apiClient("198.51.100.44");
    const country = await db()
      .selectFrom("countries")
      .select(["id", "code"])
      .where("code", "=", "BE")
      .executeTakeFirstOrThrow();
    const malformed = await client.call(
      "POST",
      "/security/register",
      registration({ Email: "atelier@example.org", ...business, CountryId: country.id, VatNumber: "BE123" }),
    );
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { Errors: object }).Errors).toHaveProperty("VatNumber");
    const unknown = await client.call(
      "POST",
      "/security/register",
      registration({ Email: "atelier@example.org", ...business, CountryId: country.id, VatNumber: "BE0417497106" }),
    );
    expect(unknown.status).toBe(400);
    const noCompany = await client.call(
      "POST",
      "/security/register",
      registration({
        Email: "atelier@example.org",
        ...business,
        CompanyName: "",
        CountryId: country.id,
        VatNumber: "BE0123456749",
      }),
    );
    expect(noCompany.status).toBe(400);
    const ok = await client.call(
      "POST",
      "/security/register",
      registration({ Email: "atelier@example.org", ...business, CountryId: country.id, VatNumber: "be 0123.456.749" }),
    );
    expect(ok.status).toBe(200);
    const row = await db()
      .selectFrom("customers")
      .select(["is_business", "company_name", "vat_number"])
      .where("email", "=", "atelier@example.org")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_business: 1, company_name: "Atelier Léa", vat_number: "BE0123456749" });
  });

  it("lets one address open at most 10 accounts an hour, however many arrive at once", async () => {
    const statuses = await Promise.all(
      Array.from(
        { length: 14 },
        async (_, i) =>
          (
            await apiClient("198.51.100.45").call(
              "POST",
              "/security/register",
              registration({ Email: `p${i}@example.org` }),
            )
          ).status,
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it("refuses an unknown or forged verification token", async () => {
    const client = apiClient("198.51.100.46");
    for (const token of ["x".repeat(43), "' or 1=1 --"]) {
      const response = await client.call("POST", "/security/verify", { Token: token });
      expect(response.status).toBe(400);
    }
  });
});
