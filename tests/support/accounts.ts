import { db } from "../../src/server/db/client";

export const NEW_PASSWORD = "Lantern orchard 47 tides";

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    Email: "lea.martin@example.org",
    Password: NEW_PASSWORD,
    FirstName: "Léa",
    LastName: "Martin",
    Culture: "nl",
    AcceptTerms: true,
    ...overrides,
  };
}

/** The last link mailed to an address, as a path under the site ("/nl/security/verify?token=…"). */
export async function mailedLink(
  to: string,
): Promise<{ path: string; token: string; culture: string; subject: string }> {
  const mail = await db()
    .selectFrom("mail_outbox")
    .selectAll()
    .where("to_address", "=", to)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const url = new URL(/https?:\/\/\S+/.exec(mail.body)?.[0] ?? "http://x/");
  return {
    path: url.pathname + url.search,
    token: url.searchParams.get("token") ?? "",
    culture: mail.culture,
    subject: mail.subject,
  };
}

/** A customer's id by their e-mail address (the demo accounts' included). */
export async function customerIdOf(email: string): Promise<number> {
  return (await db().selectFrom("customers").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}
