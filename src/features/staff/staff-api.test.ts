import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { customerIdOf, mailedLink, NEW_PASSWORD } from "../../../tests/support/accounts";
import { apiClient, tokenCaller } from "../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { signedInOwner } from "../../../tests/support/staff";
import { DEMO_API_TOKEN } from "../integration/integration.seed";

async function signedIn(email: string, password: string, address: string) {
  const client = apiClient(address);
  expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
  return client;
}

/** Invites `email` as `role` and answers the invitation's token, as mailed. */
async function invite(owner: ReturnType<typeof apiClient>, email: string, role: string, culture = "nl") {
  const answer = await owner.call("POST", "/admin/staff/invitations", { Email: email, Role: role, Culture: culture });
  expect(answer.status).toBe(200);
  return mailedLink(email);
}

describe.each(DIALECTS)("staff roles and invitations on %s (issue 72)", (dialect) => {
  let database: TestDatabase;
  let owner: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 10 });
    owner = await signedInOwner("203.0.113.80");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("invites an assistant by mail in her language; the link makes her account once, with the role", async () => {
    const mail = await invite(owner, "ines@example.org", "assistant", "nl");
    expect(mail.culture).toBe("nl");
    expect(mail.subject).toContain("Uitnodiging");
    expect(mail.path).toMatch(/^\/nl\/staff\/invitation\?token=[A-Za-z0-9_-]{43}$/);
    const stored = await db()
      .selectFrom("staff_invitations")
      .selectAll()
      .where("email", "=", "ines@example.org")
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(mail.token);
    const guest = apiClient("203.0.113.81");
    const accept = (body: Record<string, string>) =>
      guest.call("POST", "/staff/invitations/accept", { Token: mail.token, ...body });
    // A new account needs its names and a password that passes the shop's rule, in the caller's language.
    const refused = await guest.call("POST", "/staff/invitations/accept?culture=nl", {
      Token: mail.token,
      Password: "short",
    });
    expect(refused.status).toBe(400);
    const [first, again] = await Promise.all([
      accept({ FirstName: "Inès", LastName: "Dubois", Password: NEW_PASSWORD }),
      accept({ FirstName: "Inès", LastName: "Dubois", Password: NEW_PASSWORD }),
    ]);
    expect([first.status, again.status].sort()).toEqual([200, 400]);
    expect((await accept({ FirstName: "X", LastName: "Y", Password: NEW_PASSWORD })).status).toBe(400);
    const row = await db()
      .selectFrom("customers")
      .selectAll()
      .where("email", "=", "ines@example.org")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: "assistant", first_name: "Inès", culture: "nl" });
    expect(row.email_verified_at).not.toBeNull();
    const team = (await (await owner.call("GET", "/admin/staff")).json()) as {
      Members: { Email: string; Role: string }[];
      Invitations: { Email: string }[];
    };
    expect(team.Members).toContainEqual(expect.objectContaining({ Email: "ines@example.org", Role: "assistant" }));
    expect(team.Invitations.map((i) => i.Email)).not.toContain("ines@example.org");
    const actions = await db()
      .selectFrom("audit_log")
      .select(["action", "actor"])
      .where("action", "like", "staff.%")
      .execute();
    expect(actions).toContainEqual({ action: "staff.invite", actor: "staff:owner@vitrine.test" });
    expect(actions).toContainEqual({ action: "staff.accept", actor: "staff:ines@example.org" });

    // Each role opens its own pages and calls; the rest answers 403.
    const ines = await signedIn("ines@example.org", NEW_PASSWORD, "203.0.113.82");
    expect((await ines.call("GET", "/admin/orders")).status).toBe(200);
    expect((await ines.call("GET", "/admin/customers?q=marie")).status).toBe(200);
    expect((await ines.call("GET", "/admin/staff")).status).toBe(403);
    expect((await ines.call("GET", "/admin/tokens")).status).toBe(403);
    expect((await ines.call("GET", "/admin/webhooks")).status).toBe(403);
    expect((await ines.call("PUT", "/admin/coupons/STAFF10", { Percent: 10 })).status).toBe(403);
    expect(
      (await ines.call("POST", "/admin/staff/invitations", { Email: "x@example.org", Role: "owner" })).status,
    ).toBe(403);
  });

  it("lets an editor edit content only, and an existing shopper join with her own password", async () => {
    const mail = await invite(owner, "marie@vitrine.test", "editor", "fr");
    const guest = apiClient("203.0.113.83");
    const wrong = await guest.call("POST", "/staff/invitations/accept", {
      Token: mail.token,
      Password: "Not-her-password-1",
    });
    expect(wrong.status).toBe(401);
    const right = await guest.call("POST", "/staff/invitations/accept", {
      Token: mail.token,
      Password: "Vitrine-demo-1",
    });
    expect(right.status).toBe(200);
    const marie = await signedIn("marie@vitrine.test", "Vitrine-demo-1", "203.0.113.84");
    expect((await marie.call("GET", "/admin/orders")).status).toBe(403);
    expect((await marie.call("GET", "/assetslibrary/folders/hierarchy")).status).toBe(200);
    // Taken off the staff, she is a shopper again at her next request.
    const id = await customerIdOf("marie@vitrine.test");
    expect((await owner.call("PUT", `/admin/staff/${id}`, { Role: "customer" })).status).toBe(200);
    expect((await marie.call("GET", "/assetslibrary/folders/hierarchy")).status).toBe(403);
  });

  it("refuses an owner without two-factor, a token, a shopper and the owner's own role", async () => {
    const id = await customerIdOf("lucia@vitrine.test");
    await db().updateTable("customers").set({ role: "owner" }).where("id", "=", id).execute();
    const lucia = await signedIn("lucia@vitrine.test", "Vitrine-demo-3", "203.0.113.85");
    const refused = await lucia.call("GET", "/admin/orders");
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { Code: string }).Code).toBe("TwoFactorRequired");
    await db().updateTable("customers").set({ role: "customer" }).where("id", "=", id).execute();
    expect((await lucia.call("GET", "/admin/orders")).status).toBe(403);
    expect((await tokenCaller(DEMO_API_TOKEN)("GET", "/admin/staff")).status).toBe(403);
    const own = await owner.call("PUT", `/admin/staff/${await customerIdOf("owner@vitrine.test")}`, { Role: "editor" });
    expect(own.status).toBe(400);
    // A staff member's write from another site is refused (their cookie would go along).
    expect(
      (
        await owner.call(
          "POST",
          "/admin/staff/invitations",
          { Email: "y@example.org", Role: "editor" },
          { Origin: "https://evil.example" },
        )
      ).status,
    ).toBe(403);
  });

  it("keeps an owner when two owners take each other's role at the same time", async () => {
    const mail = await invite(owner, "second-owner@example.org", "owner", "fr");
    expect(
      (
        await apiClient("203.0.113.86").call("POST", "/staff/invitations/accept", {
          Token: mail.token,
          FirstName: "Otto",
          LastName: "Second",
          Password: NEW_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const secondId = await customerIdOf("second-owner@example.org");
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ";
    await db()
      .updateTable("customers")
      .set({ totp_secret: secret, totp_enabled_at: new Date().toISOString() })
      .where("id", "=", secondId)
      .execute();
    const second = await signedInOwner("203.0.113.87", {
      email: "second-owner@example.org",
      password: NEW_PASSWORD,
      secret,
    });
    const firstId = await customerIdOf("owner@vitrine.test");
    const answers = await Promise.all([
      owner.call("PUT", `/admin/staff/${secondId}`, { Role: "assistant" }),
      second.call("PUT", `/admin/staff/${firstId}`, { Role: "assistant" }),
    ]);
    expect(answers.map((a) => a.status).filter((s) => s === 200)).toHaveLength(1);
    const owners = await db().selectFrom("customers").select("email").where("role", "=", "owner").execute();
    expect(owners).toHaveLength(1);
    // Whoever is left puts things back for the next test.
    const left = owners[0]?.email === "owner@vitrine.test" ? owner : second;
    const other = owners[0]?.email === "owner@vitrine.test" ? secondId : firstId;
    expect((await left.call("PUT", `/admin/staff/${other}`, { Role: "owner" })).status).toBe(200);
  });
});
