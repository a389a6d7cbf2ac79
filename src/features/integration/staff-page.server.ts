import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { signInPath } from "~/lib/url";
import { ApiError } from "~/server/http/errors";
import type { Session } from "~/server/session/session";
import type { AdminActor, Scope } from "./integration";
import { type AdminCall, adminActor, pageCall } from "./integration.server";

/**
 * The gate of a staff page (issue 35): a guest goes to the sign-in page and comes back, a shopper or an
 * editor gets 403; staff get their call (for the services) and who they are. The page is never cached.
 */
export async function staffGate(
  session: Session,
  culture: Culture,
  here: string,
  headers: Headers,
  scope: Scope = "orders:read",
): Promise<Response | { call: AdminCall; actor: AdminActor }> {
  headers.set("Cache-Control", "private, no-store");
  if (!session.customerId) return new Response(null, { status: 303, headers: { Location: signInPath(culture, here) } });
  const call = pageCall(session);
  try {
    return { call, actor: await adminActor(call, scope) };
  } catch (error) {
    if (error instanceof ApiError && (error.code === "Forbidden" || error.code === "Unauthorized"))
      return new Response(translator(culture)("Errors.Forbidden"), {
        status: 403,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
      });
    throw error;
  }
}
