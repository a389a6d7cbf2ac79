import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTestDatabase, DIALECTS } from "../../../tests/support/db";
import { parseEnv } from "../config/env";
import { verifyPassword } from "../security/password";
import type { DbHandle } from "./client";
import { refuseDemoPasswords } from "./ready";

const PUBLIC = {
  NODE_ENV: "production",
  SITE_URL: "https://shop.example",
  PAYMENT_HMAC_KEY: "ab".repeat(16),
  MAIL_FROM: "Maison Lin <bonjour@maison-lin.example>",
  SHOP_EMAIL: "commandes@maison-lin.example",
};

async function count(handle: DbHandle, table: "products" | "customers" | "coupons" | "countries" | "content_pages") {
  const row = await handle.db.selectFrom(table).select(handle.db.fn.countAll<number>().as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}

describe("production settings", () => {
  it("makes an empty shop by default on a public production site, the demo shop elsewhere", () => {
    expect(parseEnv(PUBLIC).demoShop).toBe(false);
    expect(parseEnv({ ...PUBLIC, DEMO_SHOP: "false" }).demoShop).toBe(false);
    expect(parseEnv({ NODE_ENV: "production" }).demoShop).toBe(true);
    expect(parseEnv({ NODE_ENV: "production", SITE_URL: "http://127.0.0.1:4321" }).demoShop).toBe(true);
    expect(parseEnv({}).demoShop).toBe(true);
    expect(() => parseEnv({ ...PUBLIC, DEMO_SHOP: "true" })).toThrow(/^Invalid configuration: DEMO_SHOP: /);
  });

  it("refuses the demo's mail addresses on a public production site, and shows its own name and address only", () => {
    for (const name of ["MAIL_FROM", "SHOP_EMAIL"] as const) {
      const { [name]: _, ...unset } = PUBLIC;
      expect(() => parseEnv(unset)).toThrow(
        new RegExp(
          `^Invalid configuration: ${name}: (Vitrine <)?shop@vitrine\\.test>? is the demo's address; set your shop's own for https://shop\\.example$`,
        ),
      );
    }
    expect(() => parseEnv({ ...PUBLIC, MAIL_FROM: "Shop <Orders@Vitrine.Test>" })).toThrow(/MAIL_FROM/);
    // The demo keeps them, and anywhere else but a public production site they are a developer's.
    expect(parseEnv({ NODE_ENV: "production" }).SHOP_EMAIL).toBe("shop@vitrine.test");
    const staging = { NODE_ENV: "development", SITE_URL: "https://staging.example", PAYMENT_HMAC_KEY: "ab".repeat(16) };
    expect(parseEnv(staging).MAIL_FROM).toContain("@vitrine.test");

    // A real shop never shows the demo's address or phone: its own, or none.
    const real = parseEnv(PUBLIC);
    expect(real).toMatchObject({ SHOP_NAME: "Maison Lin", shopAddress: null, shopPhone: null });
    const own = parseEnv({
      ...PUBLIC,
      SHOP_NAME: " Maison Lin ",
      SHOP_ADDRESS: "Place du Jeu de Balle 1, 1000 Bruxelles",
      SHOP_PHONE: "+32 2 555 01 02",
    });
    expect(own).toMatchObject({
      SHOP_NAME: "Maison Lin",
      shopAddress: "Place du Jeu de Balle 1, 1000 Bruxelles",
      shopPhone: "+32 2 555 01 02",
    });
    const demo = parseEnv({});
    expect(demo).toMatchObject({ shopAddress: "Rue de la Loi 16, 1000 Bruxelles", shopPhone: "+32 2 123 45 67" });
    expect(parseEnv({ SHOP_ADDRESS: "Meir 50, 2000 Antwerpen" }).shopAddress).toBe("Meir 50, 2000 Antwerpen");
    expect(() => parseEnv({ SHOP_PHONE: "call us" })).toThrow(
      /^Invalid configuration: SHOP_PHONE: must be a phone number/,
    );
    expect(() => parseEnv({ SHOP_NAME: "x".repeat(61) })).toThrow(/SHOP_NAME/);
  });

  it("refuses the sandbox payment provider on a public site; none is the default there", () => {
    expect(parseEnv(PUBLIC).paymentProvider).toBe("none");
    expect(parseEnv({}).paymentProvider).toBe("sandbox");
    expect(() => parseEnv({ ...PUBLIC, PAYMENT_PROVIDER: "sandbox" })).toThrow(
      /^Invalid configuration: PAYMENT_PROVIDER: the sandbox accepts any card number/,
    );
    expect(() => parseEnv({ ...PUBLIC, PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER/);
  });
});

describe.each(DIALECTS)("a production start on %s", (dialect) => {
  it("gives an empty database the reference data only, once, even with two processes starting together", async () => {
    const database = await createTestDatabase(dialect);
    try {
      // Two processes start the server's database step on the same empty database at once.
      const starts = await Promise.all([startProcess(database.url), startProcess(database.url)]);
      for (const start of starts) expect(start, start.output).toMatchObject({ code: 0 });
      expect(starts.filter((s) => s.output.includes("adding countries")).length).toBe(1);
      const countries = await count(database.handle, "countries");
      expect(countries).toBeGreaterThan(5);
      for (const table of ["products", "customers", "coupons"] as const)
        expect(await count(database.handle, table)).toBe(0);
      // The legal pages only, once, as drafts for the operator to complete and publish (issue 36).
      const pages = await database.handle.db
        .selectFrom("content_pages")
        .select(["key", "published"])
        .orderBy("key")
        .execute();
      expect(pages).toEqual(["legal-notice", "privacy", "terms", "withdrawal"].map((key) => ({ key, published: 0 })));
      expect(starts.filter((s) => s.output.includes("adding the legal pages")).length).toBe(1);
      // The asset library's root and first folders, once: an editor can make folders and upload at once.
      const folders = await database.handle.db
        .selectFrom("asset_folders")
        .select(["name", "parent_id", "item_level"])
        .orderBy("item_level")
        .orderBy("name")
        .execute();
      expect(folders.map((f) => [f.name, f.item_level, f.parent_id === null])).toEqual([
        ["Assets", 0, true],
        ["Content", 1, false],
        ["Products", 1, false],
      ]);
      for (const start of starts) {
        expect(start.output).toContain(
          "warn: the legal pages terms, privacy, withdrawal, legal-notice are not published",
        );
        // No shipping method yet: no checkout can take an order, and the start says where.
        expect(start.output).toMatch(
          /warn: no shipping method has a price in BE, [A-Z, ]+: checkouts there take no order/,
        );
      }
      // Published as they come (the template's brackets left in), they are still unfinished.
      await database.handle.db.updateTable("content_pages").set({ published: 1 }).execute();
      const again = await startProcess(database.url);
      expect(again.output).not.toContain("adding");
      expect(again.output).toContain(
        "warn: the legal pages terms, privacy, withdrawal, legal-notice are not published",
      );
      expect(await count(database.handle, "countries")).toBe(countries);
    } finally {
      await database.close();
    }
  });
});

/** A process that runs the production start's database step (migrate, seed what is missing, checks). */
function startProcess(url: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "-e",
      'import("./src/server/db/ready.ts").then((m) => m.ensureDatabaseReady((line, level) => console.log(level ? level + ": " + line : line))).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(1); })',
    ],
    { env: { ...process.env, ...PUBLIC, DATABASE_URL: url }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, output })));
}

describe("demo passwords on a public production site", () => {
  it("stop the start while a demo account keeps its published password, naming it", async () => {
    const database = await createTestDatabase("sqlite", { products: 2 });
    try {
      await expect(refuseDemoPasswords(database.handle)).rejects.toThrow(/@vitrine\.test has a demo password/);
      const admin = adminCli(database.url);
      for (const email of ["marie@vitrine.test", "jan@vitrine.test", "lucia@vitrine.test", "totp@vitrine.test"])
        await database.handle.db
          .deleteFrom("customers")
          .where("email", "=", email)
          .execute()
          .catch(() => {});
      await database.handle.db
        .updateTable("customers")
        .set({ password_hash: "none" })
        .where("role", "=", "customer")
        .execute();
      for (const email of ["owner@vitrine.test", "staff@vitrine.test", "editor@vitrine.test"]) {
        const reset = admin(["reset-password", "--email", email], "A-new-long-passphrase-1\n");
        expect(reset.stderr).toBe("");
        expect(reset.stdout).toContain(`new password set for ${email}`);
      }
      // The demo's integration token is published too: revoked, the start goes on.
      await expect(refuseDemoPasswords(database.handle)).rejects.toThrow(/demo integration token/);
      await database.handle.db.updateTable("api_tokens").set({ revoked_at: "2026-11-26T00:00:00Z" }).execute();
      await expect(refuseDemoPasswords(database.handle)).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
    // Two processes of the admin command and real-cost hashes (128 MB each): seconds, not the default minute.
  }, 120_000);
});

/** Runs `npm run admin` on a database, its password given on standard input. */
function adminCli(url: string) {
  return (args: string[], input: string) =>
    spawnSync(process.execPath, ["--import", "tsx", "src/server/db/admin.ts", ...args], {
      env: { ...process.env, DATABASE_URL: url, NODE_ENV: "test" },
      input,
      encoding: "utf8",
      timeout: 30_000,
    });
}

describe("npm run admin", () => {
  it("creates the first staff account from a password file, never from the command line, and refuses weak ones", async () => {
    const database = await createTestDatabase("sqlite");
    try {
      const admin = adminCli(database.url);
      const dir = mkdtempSync(join(tmpdir(), "vitrine-admin-"));
      const file = join(dir, "password");
      writeFileSync(file, "Our own staff passphrase 7\n");
      const created = admin(
        ["create-staff", "--email", "Boss@Shop.example", "--name", "Ann Peeters", "--password-file", file],
        "",
      );
      expect(created.stderr).toBe("");
      expect(created.stdout).toContain("staff account boss@shop.example created");
      const row = await database.handle.db
        .selectFrom("customers")
        .select(["role", "first_name", "last_name", "password_hash", "email_verified_at"])
        .where("email", "=", "boss@shop.example")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ role: "owner", first_name: "Ann", last_name: "Peeters" });
      expect(row.email_verified_at).not.toBeNull();
      expect(await verifyPassword("Our own staff passphrase 7", row.password_hash)).toBe(true);

      const again = admin(["create-staff", "--email", "boss@shop.example"], "Another passphrase 8\n");
      expect(again.status).toBe(1);
      expect(again.stderr.trim()).toBe("boss@shop.example already has an account (use reset-password)");
      const weak = admin(["create-staff", "--email", "new@shop.example"], "short\n");
      expect(weak.status).toBe(1);
      expect(weak.stderr).toContain("the password is refused");
      // A file with the password twice (as the terminal asks it) is refused, not stored as one password.
      const twice = join(dir, "twice");
      writeFileSync(twice, "Our own staff passphrase 7\nOur own staff passphrase 7\n");
      const twoLines = admin(["create-staff", "--email", "two@shop.example", "--password-file", twice], "");
      expect(twoLines.status).toBe(1);
      expect(twoLines.stderr).toContain("--password-file: the password alone, on one line");
      const onCommandLine = admin(["create-staff", "--email", "x@shop.example", "--password", "Visible-in-ps-1"], "");
      expect(onCommandLine.status).toBe(1);
      expect(
        await database.handle.db.selectFrom("customers").select("id").where("email", "=", "x@shop.example").execute(),
      ).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
