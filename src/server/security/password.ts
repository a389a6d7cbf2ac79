import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

// scrypt parameters (OWASP minimum: N=2^17, r=8, p=1); maxmem raised to fit N=2^17.
export const PASSWORD_COST = 131072;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEM = 256 * 1024 * 1024;

let cost = PASSWORD_COST;

/**
 * Tests only (tests/support/vitest.setup.ts): a cheaper N, so that a test of 31 sign-ins takes seconds,
 * not half a minute on a busy machine; `null` restores the real cost. A hash records its own N, so every
 * hash verifies whatever the cost was when it was made.
 */
export function setPasswordCostForTests(n: number | null): void {
  if (n !== null && process.env.NODE_ENV !== "test") throw new Error("a cheaper password hash is for tests only");
  cost = n ?? PASSWORD_COST;
  dummyHash = undefined;
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$key` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const n = cost;
  const key = await derive(password, salt, n, R, P);
  return `scrypt$${n}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a missing account cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-account");
  await verifyPassword(password, await dummyHash);
}
