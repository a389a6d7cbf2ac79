import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, SANDBOX_HMAC_KEY } from "./env";

/** A public production site's own sender and inbox (the demo's are refused there). */
const OWN_MAIL = { MAIL_FROM: "Shop <shop@shop.example>", SHOP_EMAIL: "orders@shop.example" };

describe("settings", () => {
  it("has working defaults: SQLite under data/, port 4321, French", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBe("data/vitrine.sqlite");
    expect(env.databaseKind).toBe("sqlite");
    expect(env.PORT).toBe(4321);
    expect(env.DEFAULT_CULTURE).toBe("fr");
    expect(env.isProduction).toBe(true);
    expect(env.cookieSecure).toBe(true);
    expect(env.devIslands).toBe(false);
    expect(env.SIGN_IN_ATTEMPTS_PER_IP).toBe(30);
  });
  it("accepts every loopback origin of the port when SITE_URL is unset, and only SITE_URL when set", () => {
    expect(parseEnv({ PORT: "4500" }).allowedOrigins).toEqual([
      "http://localhost:4500",
      "http://127.0.0.1:4500",
      "http://[::1]:4500",
    ]);
    expect(
      parseEnv({ SITE_URL: "https://shop.example/", PAYMENT_HMAC_KEY: "ab".repeat(16), ...OWN_MAIL }).allowedOrigins,
    ).toEqual(["https://shop.example"]);
  });
  it("reads TRUST_PROXY as a number of proxies", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: "maybe" })).toThrow(EnvError);
  });
  it("recognises PostgreSQL URLs", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://root@127.0.0.1:5432/shop" }).databaseKind).toBe("postgres");
  });
  it.each([
    [{ DATABASE_URL: "postgres://" }, "DATABASE_URL"],
    [{ DATABASE_URL: "mysql://x/y" }, "DATABASE_URL"],
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DEFAULT_CULTURE: "en" }, "DEFAULT_CULTURE"],
    [{ REDIS_URL: "localhost:6379" }, "REDIS_URL"],
    [{ COOKIE_SECURE: "maybe" }, "COOKIE_SECURE"],
    [{ SIGN_IN_ATTEMPTS_PER_IP: "2" }, "SIGN_IN_ATTEMPTS_PER_IP"],
    [{ SIGN_IN_ATTEMPTS_PER_IP: "lots" }, "SIGN_IN_ATTEMPTS_PER_IP"],
  ])("refuses %j naming the variable", (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(name);
  });
  it("refuses the public sandbox payment key on a site other machines reach", () => {
    expect(() => parseEnv({ SITE_URL: "https://shop.example.com" })).toThrow(/PAYMENT_HMAC_KEY/);
    expect(() =>
      parseEnv({ SITE_URL: "https://shop.example.com", PAYMENT_HMAC_KEY: SANDBOX_HMAC_KEY.toLowerCase() }),
    ).toThrow(EnvError);
    const own = "0123456789abcdef".repeat(4);
    expect(
      parseEnv({ SITE_URL: "https://shop.example.com", PAYMENT_HMAC_KEY: own, ...OWN_MAIL }).PAYMENT_HMAC_KEY,
    ).toBe(own);
    for (const local of [
      "http://localhost:4321",
      "http://127.0.0.1:4399",
      "http://[::1]:8080",
      "http://shop.localhost",
    ]) {
      expect(parseEnv({ SITE_URL: local }).PAYMENT_HMAC_KEY).toBe(SANDBOX_HMAC_KEY);
    }
    expect(parseEnv({}).siteUrl).toBe("http://localhost:4321");
  });
  it("needs every Adyen setting with PAYMENT_PROVIDER=adyen (the live API's URL too), Mollie's key with mollie", () => {
    const site = { SITE_URL: "https://shop.example.com", ...OWN_MAIL };
    expect(() => parseEnv({ ...site, PAYMENT_PROVIDER: "adyen", ADYEN_API_KEY: "AQE_key_1234" })).toThrow(
      /ADYEN_MERCHANT_ACCOUNT, ADYEN_CLIENT_KEY, ADYEN_HMAC_KEY/,
    );
    const adyen = {
      ...site,
      PAYMENT_PROVIDER: "adyen",
      ADYEN_API_KEY: "AQE_key_1234",
      ADYEN_MERCHANT_ACCOUNT: "ShopECOM",
      ADYEN_CLIENT_KEY: "live_ABCDEFGH1234",
      ADYEN_HMAC_KEY: "ab".repeat(32),
    };
    // The sandbox key is not the webhook's key when Adyen is the provider: a real shop need not set it.
    expect(parseEnv(adyen).adyen).toMatchObject({
      checkoutUrl: "https://checkout-test.adyen.com/v71",
      hmacKeys: ["ab".repeat(32)],
      sdkUrl: expect.stringContaining("checkoutshopper-test.cdn.adyen.com"),
    });
    expect(() => parseEnv({ ...adyen, ADYEN_ENVIRONMENT: "live" })).toThrow(/ADYEN_CHECKOUT_URL/);
    expect(parseEnv({ ...adyen, ADYEN_HMAC_KEY_PREVIOUS: "cd".repeat(32) }).adyen?.hmacKeys).toHaveLength(2);
    expect(() => parseEnv({ ...site, PAYMENT_PROVIDER: "mollie" })).toThrow(/MOLLIE_API_KEY/);
    expect(() => parseEnv({ ...site, PAYMENT_PROVIDER: "mollie", MOLLIE_API_KEY: "sk_wrong" })).toThrow(
      /MOLLIE_API_KEY/,
    );
    expect(
      parseEnv({ ...site, PAYMENT_PROVIDER: "mollie", MOLLIE_API_KEY: "live_abcdefghijklmnopqrstuvwxyz012" })
        .paymentProvider,
    ).toBe("mollie");
  });
  it("reads the map types a shopper may choose, the first the default; MAP_STYLE_URL alone is the roadmap", () => {
    expect(parseEnv({}).mapStyles).toEqual([]);
    expect(parseEnv({ MAP_STYLE_URL: "https://tiles.example.org/streets.json" }).mapStyles).toEqual([
      { name: "roadmap", url: "https://tiles.example.org/streets.json" },
    ]);
    const two = parseEnv({
      MAP_STYLES: "satellite=https://tiles.example.org/sat.json?key=1,roadmap=https://tiles.example.org/streets.json",
      MAP_STYLE_URL: "https://ignored.example.org/style.json",
    }).mapStyles;
    expect(two.map((style) => style.name)).toEqual(["satellite", "roadmap"]);
    expect(two[0]?.url).toBe("https://tiles.example.org/sat.json?key=1");
    for (const bad of ["satellite", "Satellite=https://a.example.org/s.json", "a=javascript:alert(1)", "a=https://x y"])
      expect(() => parseEnv({ MAP_STYLES: bad })).toThrow(/MAP_STYLES/);
  });
  it("stops the server with one line and a non-zero exit on a bad value", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/http/main.ts"], {
      env: { ...process.env, DATABASE_URL: "postgres://", NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr
      .trim()
      .split("\n")
      .filter((l) => !l.includes("nodedir"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: DATABASE_URL: /);
  });
});
