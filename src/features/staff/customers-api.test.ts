import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { customerIdOf } from "../../../tests/support/accounts";
import { apiClient, tokenCaller } from "../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { signedInOwner } from "../../../tests/support/staff";
import { DEMO_API_TOKEN } from "../integration/integration.seed";

type Listed = { Id: number; Email: string }[];

describe.each(DIALECTS)("the staff's customers on %s (issue 72)", (dialect) => {
  let database: TestDatabase;
  let assistant: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 8 });
    assistant = apiClient("203.0.113.110");
    await assistant.call("POST", "/security/login", { Email: "staff@vitrine.test", Password: "Vitrine-staff-1" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("finds a customer by the start of her e-mail, a part of her name, or her VAT number typed loosely", async () => {
    const find = async (q: string) =>
      ((await (await assistant.call("GET", `/admin/customers?q=${encodeURIComponent(q)}`)).json()) as Listed).map(
        (c) => c.Email,
      );
    expect(await find("marie@")).toEqual(["marie@vitrine.test"]);
    expect(await find("peeters")).toContain("jan@vitrine.test");
    expect(await find("BE 0403.019.261")).toEqual(["jan@vitrine.test"]);
    expect(await find("%")).not.toHaveLength(0);
    expect(await find("nobody-at-all")).toEqual([]);
  });

  it("shows her page's data, keeps the staff's note from her, and exports her data to staff only", async () => {
    const id = await customerIdOf("marie@vitrine.test");
    const page = await assistant.call("GET", `/admin/customers/${id}`);
    expect(page.status).toBe(200);
    const marie = (await page.json()) as {
      Orders: unknown[];
      Prepaid: { Balance: number }[];
      BirthLists: number;
      Note: string | null;
    };
    expect(marie.Orders.length).toBeGreaterThan(0);
    expect(marie.Prepaid).toHaveLength(2);
    expect(marie.BirthLists).toBe(1);
    expect(marie.Note).toBeNull();
    expect(
      (await assistant.call("PUT", `/admin/customers/${id}/note`, { Note: "Prefers pickup at Lille." })).status,
    ).toBe(200);
    expect(((await (await assistant.call("GET", `/admin/customers/${id}`)).json()) as { Note: string }).Note).toBe(
      "Prefers pickup at Lille.",
    );
    // In her own export (it is data about her), never on her account pages' API.
    const herself = apiClient("203.0.113.111");
    await herself.call("POST", "/security/login", { Email: "marie@vitrine.test", Password: "Vitrine-demo-1" });
    expect(
      ((await (await herself.call("GET", "/account/data")).json()) as { Account: { staff_note: string } }).Account
        .staff_note,
    ).toBe("Prefers pickup at Lille.");
    expect((await herself.call("GET", `/admin/customers/${id}`)).status).toBe(403);
    expect((await herself.call("PUT", `/admin/customers/${id}/note`, { Note: "mine" })).status).toBe(403);
    const exported = await assistant.call("GET", `/admin/customers/${id}/export`);
    expect(exported.status).toBe(200);
    expect(Object.keys((await exported.json()) as object)).toContain("Orders");
    const audit = await db().selectFrom("audit_log").select("action").where("target", "=", `customer:${id}`).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["customer.export", "customer.note"]);
    // A token reads her page, but notes are the staff's in person.
    const erp = tokenCaller(DEMO_API_TOKEN);
    expect((await erp("GET", `/admin/customers/${id}`)).status).toBe(200);
    expect((await erp("PUT", `/admin/customers/${id}/note`, { Note: "x" })).status).toBe(403);
    const forged = await assistant.call(
      "PUT",
      `/admin/customers/${id}/note`,
      { Note: "x" },
      { Origin: "https://evil.example" },
    );
    expect(forged.status).toBe(403);
    expect(((await (await assistant.call("GET", `/admin/customers/${id}`)).json()) as { Note: string }).Note).toBe(
      "Prefers pickup at Lille.",
    );
    expect((await assistant.call("GET", "/admin/customers/999999")).status).toBe(404);
  });

  it("is closed to an editor, and the owner reads it too", async () => {
    const editor = apiClient("203.0.113.112");
    await editor.call("POST", "/security/login", { Email: "editor@vitrine.test", Password: "Vitrine-editor-1" });
    expect((await editor.call("GET", "/admin/customers?q=marie")).status).toBe(403);
    const owner = await signedInOwner("203.0.113.113");
    expect((await owner.call("GET", "/admin/customers?q=marie")).status).toBe(200);
  });
});
