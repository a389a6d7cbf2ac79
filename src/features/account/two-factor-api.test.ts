import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { NEW_PASSWORD, registration } from "../../../tests/support/accounts";
import { apiClient } from "../../../tests/support/api";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";

/** The code an authenticator shows `offset` time steps from now (each step of 30 s is accepted once). */
const codeAt = (secret: string, offset: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

async function enrolled(email: string, ip: string) {
  const client = apiClient(ip);
  expect((await client.call("POST", "/security/register", registration({ Email: email }))).status).toBe(200);
  const setup = (await (await client.call("POST", "/security/twofactor/setup")).json()) as {
    Secret: string;
    Uri: string;
    QrSvg: string;
  };
  // The current step (not the previous one, which leaves the server's ±30 s window if a step ends on the
  // way); the codes after it are the next step's, so each is newer than the one enrolment used.
  const enabled = await client.call("POST", "/security/twofactor/enable", { Code: await codeAt(setup.Secret, 0) });
  expect(enabled.status).toBe(200);
  const { RecoveryCodes } = (await enabled.json()) as { RecoveryCodes: string[] };
  return { client, secret: setup.Secret, recoveryCodes: RecoveryCodes };
}

const login = (ip: string, email: string, password = NEW_PASSWORD) => {
  const client = apiClient(ip);
  return { client, response: client.call("POST", "/security/login", { Email: email, Password: password }) };
};

describe.each(DIALECTS)("two-factor sign-in on %s", (dialect) => {
  useTestDatabase(dialect, { products: 6 });

  it("enrols with a QR code and a first code, and gives ten one-time recovery codes", async () => {
    const client = apiClient("198.51.100.90");
    await client.call("POST", "/security/register", registration({ Email: "totp.one@example.org" }));
    const first = (await (await client.call("POST", "/security/twofactor/setup")).json()) as {
      Secret: string;
      Uri: string;
      QrSvg: string;
    };
    const again = (await (await client.call("POST", "/security/twofactor/setup")).json()) as { Secret: string };
    expect(again.Secret).toBe(first.Secret);
    expect(first.Uri).toBe(`otpauth://totp/Vitrine:totp.one%40example.org?secret=${first.Secret}&issuer=Vitrine`);
    expect(first.QrSvg).toMatch(/^<svg[^>]*>/);
    expect(first.QrSvg).not.toMatch(/<script|on\w+=/i);
    // Nothing is stored on the account before the first code confirms it.
    const before = await db()
      .selectFrom("customers")
      .select(["totp_secret", "totp_enabled_at"])
      .where("email", "=", "totp.one@example.org")
      .executeTakeFirstOrThrow();
    expect(before).toEqual({ totp_secret: null, totp_enabled_at: null });
    const wrong = await client.call("POST", "/security/twofactor/enable", { Code: "000000" });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { Code: string }).Code).toBe("TwoFactorCodeInvalid");
    const ok = await client.call("POST", "/security/twofactor/enable", { Code: await codeAt(first.Secret, 0) });
    expect(ok.status).toBe(200);
    const { RecoveryCodes } = (await ok.json()) as { RecoveryCodes: string[] };
    expect(RecoveryCodes).toHaveLength(10);
    expect(new Set(RecoveryCodes).size).toBe(10);
    const stored = await db().selectFrom("recovery_codes").select("code_hash").execute();
    expect(stored.some((row) => RecoveryCodes.includes(row.code_hash))).toBe(false);
    expect(await (await client.call("GET", "/security/twofactor/status")).json()).toEqual({
      Enabled: true,
      RecoveryCodesLeft: 10,
    });
    expect((await client.call("POST", "/security/twofactor/setup")).status).toBe(409);
  });

  it("asks for a code after the password, grants the session only then, and accepts a code once", async () => {
    const { secret } = await enrolled("totp.two@example.org", "198.51.100.91");
    const { client, response } = login("198.51.100.92", "totp.two@example.org");
    expect(await (await response).json()).toEqual({
      Success: false,
      TwoFactorRequired: true,
      ReturnUrl: "/fr/security/twofactor?returnUrl=%2Ffr%2F",
    });
    expect((await client.call("GET", "/security/me")).status).toBe(401);
    expect((await client.call("POST", "/customers/addresses", {})).status).toBe(401);
    expect((await client.call("POST", "/security/twofactor", { Code: "123456" })).status).toBe(401);
    const pendingCookie = client.cookie;
    const code = await codeAt(secret, 1);
    const granted = await client.call("POST", "/security/twofactor", { Code: code });
    expect(granted.status).toBe(200);
    expect(client.cookie).not.toBe(pendingCookie);
    expect((await client.call("GET", "/security/me")).status).toBe(200);
    // The same code, seen once, does not sign in a second time.
    const other = login("198.51.100.93", "totp.two@example.org");
    await other.response;
    expect((await other.client.call("POST", "/security/twofactor", { Code: code })).status).toBe(401);
  });

  it("accepts each recovery code once, in any case and with spaces", async () => {
    const { recoveryCodes } = await enrolled("totp.three@example.org", "198.51.100.94");
    const [code = ""] = recoveryCodes;
    const first = login("198.51.100.95", "totp.three@example.org");
    await first.response;
    expect((await first.client.call("POST", "/security/twofactor", { Code: ` ${code.toUpperCase()} ` })).status).toBe(
      200,
    );
    const second = login("198.51.100.95", "totp.three@example.org");
    await second.response;
    expect((await second.client.call("POST", "/security/twofactor", { Code: code })).status).toBe(401);
  });

  it("stops after five wrong codes, even the right one, and even all sent at once", async () => {
    const { secret } = await enrolled("totp.four@example.org", "198.51.100.96");
    const { client, response } = login("198.51.100.97", "totp.four@example.org");
    await response;
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => client.call("POST", "/security/twofactor", { Code: String(100000 + i) })),
    );
    expect(statuses.filter((r) => r.status === 401)).toHaveLength(5);
    expect(statuses.filter((r) => r.status === 429)).toHaveLength(3);
    expect((await client.call("POST", "/security/twofactor", { Code: await codeAt(secret, 1) })).status).toBe(429);
  });

  it("lets two requests with one valid code sign in only once", async () => {
    const { secret } = await enrolled("totp.five@example.org", "198.51.100.98");
    const a = login("198.51.100.99", "totp.five@example.org");
    const b = login("198.51.100.99", "totp.five@example.org");
    await Promise.all([a.response, b.response]);
    const code = await codeAt(secret, 1);
    const results = await Promise.all(
      [a, b].map(({ client }) => client.call("POST", "/security/twofactor", { Code: code })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it("voids a waiting sign-in when the password changes, and turns off with the password and a code", async () => {
    const { client, secret } = await enrolled("totp.six@example.org", "198.51.100.100");
    const waiting = login("198.51.100.101", "totp.six@example.org");
    await waiting.response;
    const changed = await client.call("POST", "/security/password/change", {
      CurrentPassword: NEW_PASSWORD,
      NewPassword: "Silver willow 63 rivers",
    });
    expect(changed.status).toBe(200);
    expect((await waiting.client.call("POST", "/security/twofactor", { Code: await codeAt(secret, 1) })).status).toBe(
      401,
    );

    const noCode = await client.call("POST", "/security/twofactor/disable", {
      Password: "Silver willow 63 rivers",
      Code: "000000",
    });
    expect(noCode.status).toBe(401);
    const noPassword = await client.call("POST", "/security/twofactor/disable", {
      Password: "wrong",
      Code: await codeAt(secret, 1),
    });
    expect(noPassword.status).toBe(400);
    const off = await client.call("POST", "/security/twofactor/disable", {
      Password: "Silver willow 63 rivers",
      Code: await codeAt(secret, 1),
    });
    expect(off.status).toBe(200);
    expect(await (await client.call("GET", "/security/twofactor/status")).json()).toEqual({
      Enabled: false,
      RecoveryCodesLeft: 0,
    });
    const plain = login("198.51.100.102", "totp.six@example.org", "Silver willow 63 rivers");
    expect(((await (await plain.response).json()) as { Success: boolean }).Success).toBe(true);
  });

  it("answers a guest 401 on every two-factor setting", async () => {
    const guest = apiClient("198.51.100.103");
    expect((await guest.call("GET", "/security/twofactor/status")).status).toBe(401);
    expect((await guest.call("POST", "/security/twofactor/setup")).status).toBe(401);
    expect((await guest.call("POST", "/security/twofactor/enable", { Code: "123456" })).status).toBe(401);
    expect((await guest.call("POST", "/security/twofactor/disable", { Password: "x", Code: "123456" })).status).toBe(
      401,
    );
    expect((await guest.call("POST", "/security/twofactor", { Code: "123456" })).status).toBe(401);
  });
});
