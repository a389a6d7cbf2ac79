import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "~/server/config/env";
import { refreshShopSettings } from "~/server/config/shop-settings";
import { db } from "~/server/db/client";
import { deliverPendingMails, enqueueMail } from "~/server/mail/outbox";
import { apiClient, tokenCaller } from "../../../tests/support/api";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../../tests/support/db";
import { committedPageVersion, handPageVersion } from "../../../tests/support/page-version";
import { withSettings } from "../../../tests/support/providers";
import { startSmtp } from "../../../tests/support/smtp";
import { signedInOwner } from "../../../tests/support/staff";
import { DEMO_API_TOKEN } from "../integration/integration.seed";

type Settings = {
  Settings: { Name: string; Value: string | null; Stored: string | null }[];
  ReadyToSell: { Key: string; Done: boolean; Missing: string[] }[];
  Errors?: Record<string, string[]>;
};

describe.each(DIALECTS)("the shop's settings on %s (issue 72)", (dialect) => {
  let database: TestDatabase;
  let owner: ReturnType<typeof apiClient>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let restore: () => void;
  beforeAll(async () => {
    database = await createTestDatabase(dialect, { products: 4 });
    smtp = await startSmtp();
    restore = withSettings({ SMTP_URL: smtp.url });
    owner = await signedInOwner("203.0.113.90");
  });
  afterAll(async () => {
    await owner?.call("PUT", "/admin/settings", {
      SHOP_NAME: null,
      MAIL_FROM: null,
      MAIL_REPLY_TO: null,
      VAT_OSS: null,
    });
    restore();
    await smtp.close();
    await database?.close();
  });

  it("sets the shop's name and sender over the environment's, at once, and mails go out with them", async () => {
    const version = await committedPageVersion();
    const put = await owner.call("PUT", "/admin/settings", {
      SHOP_NAME: "Maison Lune",
      MAIL_FROM: "Maison Lune <bonjour@maisonlune.be>",
      MAIL_REPLY_TO: "service@maisonlune.be",
    });
    expect(put.status).toBe(200);
    const answer = (await put.json()) as Settings;
    expect(answer.Settings.find((s) => s.Name === "SHOP_NAME")).toMatchObject({
      Value: "Maison Lune",
      Stored: "Maison Lune",
    });
    expect(env().SHOP_NAME).toBe("Maison Lune");
    // Every page shows the name: the change moved the public version (migration 035's triggers).
    expect(await committedPageVersion()).toBeGreaterThan(version);
    const audit = await db()
      .selectFrom("audit_log")
      .select(["action", "actor"])
      .where("action", "=", "settings.update")
      .execute();
    expect(audit).toEqual([{ action: "settings.update", actor: "staff:owner@vitrine.test" }]);
    const before = smtp.received.length;
    await enqueueMail({ to: "someone@example.org", subject: "Hello", text: "Hi", html: null, culture: "fr" });
    await deliverPendingMails();
    const raw = smtp.received.slice(before).at(-1)?.raw ?? "";
    expect(raw).toMatch(/^From: Maison Lune <bonjour@maisonlune\.be>/m);
    expect(raw).toMatch(/^Reply-To: service@maisonlune\.be/m);
  });

  it("refuses bad values by field in the owner's language and writes none of them", async () => {
    const put = await owner.call("PUT", "/admin/settings?culture=nl", {
      SHOP_NAME: "Nieuwe naam",
      MAIL_FROM: "not a sender",
      SHOP_EMAIL: "nope",
      VAT_NUMBER: "12",
      SHOP_PHONE: "call me",
      NOT_A_SETTING: "x",
    });
    expect(put.status).toBe(400);
    const { Errors } = (await put.json()) as { Errors: Record<string, string[]> };
    expect(Object.keys(Errors).sort()).toEqual([
      "MAIL_FROM",
      "NOT_A_SETTING",
      "SHOP_EMAIL",
      "SHOP_PHONE",
      "VAT_NUMBER",
    ]);
    expect(Errors.VAT_NUMBER?.[0]).toContain("btw-nummer");
    expect(env().SHOP_NAME).toBe("Maison Lune");
    expect(await db().selectFrom("shop_settings").select("key").where("key", "=", "SHOP_EMAIL").execute()).toEqual([]);
  });

  it("is read again from the database by a process that did not write it; empty gives the environment's back", async () => {
    // Another process's write: this one learns it at its next request after the public version moved,
    // and asks the database nothing while the version holds.
    const version = handPageVersion(1);
    await refreshShopSettings();
    await db().updateTable("shop_settings").set({ value: "Maison Soleil" }).where("key", "=", "SHOP_NAME").execute();
    await refreshShopSettings();
    expect(env().SHOP_NAME).toBe("Maison Lune");
    version.bump();
    await refreshShopSettings();
    expect(env().SHOP_NAME).toBe("Maison Soleil");
    version.set(null);
    const cleared = (await (await owner.call("PUT", "/admin/settings", { SHOP_NAME: "" })).json()) as Settings;
    expect(cleared.Settings.find((s) => s.Name === "SHOP_NAME")?.Stored).toBeNull();
    expect(env().SHOP_NAME).toBe("Vitrine");
  });

  it("turns the One-Stop Shop off: an EU consumer pays the shop's own country's VAT, a Swiss one still none", async () => {
    const { vatRate } = await import("~/features/catalog/catalog.repository");
    expect(await vatRate("FR", "standard")).toBe(2000);
    expect((await owner.call("PUT", "/admin/settings", { VAT_OSS: "false" })).status).toBe(200);
    expect(env().VAT_OSS).toBe(false);
    expect(await vatRate("FR", "standard")).toBe(2100);
    expect(await vatRate("FR", "reduced")).toBe(600);
    expect(await vatRate("CH", "standard")).toBe(0);
    expect((await owner.call("PUT", "/admin/settings", { VAT_OSS: "maybe" })).status).toBe(400);
    expect((await owner.call("PUT", "/admin/settings", { VAT_OSS: null })).status).toBe(200);
    expect(await vatRate("FR", "standard")).toBe(2000);
  });

  it("says what the shop still needs to sell, and is the owner's alone", async () => {
    const view = (await (await owner.call("GET", "/admin/settings")).json()) as Settings;
    expect(view.ReadyToSell.map((i) => i.Key)).toEqual([
      "legal",
      "shipping",
      "payment",
      "sender",
      "address",
      "company",
    ]);
    // The test shop's sandbox is no provider a real shop sells with; its sender is its own now.
    expect(view.ReadyToSell.find((i) => i.Key === "payment")?.Done).toBe(false);
    expect(view.ReadyToSell.find((i) => i.Key === "sender")?.Done).toBe(true);
    const assistant = apiClient("203.0.113.91");
    await assistant.call("POST", "/security/login", { Email: "staff@vitrine.test", Password: "Vitrine-staff-1" });
    expect((await assistant.call("GET", "/admin/settings")).status).toBe(403);
    expect((await assistant.call("PUT", "/admin/settings", { SHOP_NAME: "Mine" })).status).toBe(403);
    expect((await tokenCaller(DEMO_API_TOKEN)("PUT", "/admin/settings", { SHOP_NAME: "Mine" })).status).toBe(403);
    expect(env().SHOP_NAME).not.toBe("Mine");
  });
});
