import { generate } from "otplib";
import { DEMO_TOTP_SECRET } from "../../src/server/db/seed/catalog-data";
import { apiClient } from "./api";

/** The demo shop's owner (issue 72): two-factor sign-in with the demo's published secret. */
export const DEMO_OWNER = { email: "owner@vitrine.test", password: "Vitrine-owner-1", secret: DEMO_TOTP_SECRET };

/**
 * An owner signed in with both factors, as a browser on our site would be. A time step's code is
 * accepted once per account: sign one in per test file (beforeAll) and share its client.
 */
export async function signedInOwner(
  address: string,
  owner: { email: string; password: string; secret: string } = DEMO_OWNER,
) {
  const client = apiClient(address);
  const first = await client.call("POST", "/security/login", { Email: owner.email, Password: owner.password });
  if (first.status !== 200) throw new Error(`the owner's sign-in answered ${first.status}`);
  const second = await client.call("POST", "/security/twofactor", { Code: await generate({ secret: owner.secret }) });
  if (second.status !== 200)
    throw new Error(`the owner's second factor answered ${second.status}: ${await second.text()}`);
  return client;
}
