import { afterEach, describe, expect, it } from "vitest";
import { burnPasswordCheck, hashPassword, PASSWORD_COST, setPasswordCostForTests, verifyPassword } from "./password";

describe("password hashes", () => {
  afterEach(() => setPasswordCostForTests(16_384));

  it("use scrypt with N=2^17, r=8, p=1 outside the unit tests, and verify only the right password", async () => {
    setPasswordCostForTests(null);
    const hash = await hashPassword("Vitrine-demo-1");
    expect(PASSWORD_COST).toBe(2 ** 17);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword("Vitrine-demo-1", hash)).toBe(true);
    expect(await verifyPassword("Vitrine-demo-2", hash)).toBe(false);
  });

  it("verify with the cost each hash records, so a change of cost locks nobody out", async () => {
    const cheap = await hashPassword("Silver willow 63 rivers");
    expect(cheap).toMatch(/^scrypt\$16384\$/);
    setPasswordCostForTests(null);
    expect(await verifyPassword("Silver willow 63 rivers", cheap)).toBe(true);
    expect(await hashPassword("Silver willow 63 rivers")).toMatch(/^scrypt\$131072\$/);
  });

  it("refuse a cheaper cost outside the tests", () => {
    process.env.NODE_ENV = "production";
    try {
      expect(() => setPasswordCostForTests(1024)).toThrow("tests only");
    } finally {
      process.env.NODE_ENV = "test";
    }
  });

  it("salt every hash, take a composed or a combining accent alike, and refuse what is not one of ours", async () => {
    const [a, b] = await Promise.all([hashPassword("café"), hashPassword("café")]);
    expect(a).not.toBe(b);
    // NFKC: the same word typed with a combining accent.
    expect(await verifyPassword("cafe\u0301", a)).toBe(true);
    expect(await verifyPassword("café", "bcrypt$10$abc")).toBe(false);
    expect(await verifyPassword("café", "")).toBe(false);
    await expect(burnPasswordCheck("anything")).resolves.toBeUndefined();
  });
});
