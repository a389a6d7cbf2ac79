import type { AstroGlobal } from "astro";
import { commitSessionCookie } from "~/server/session/cookies";
import { openGuestOrder } from "./orders.server";

/**
 * A guest's mail links to her order's pages with the order's key (`?key=`): the key opens the order in
 * this browser's session (`openGuestOrder`), then the page answers 303 to `to`, its own address without
 * the key, where no script of the page (analytics included) can read it. Null when the address carries
 * no key (the page renders); a 404 when the key does not open the order.
 */
export async function followGuestLink(
  astro: Pick<AstroGlobal, "url" | "cookies" | "locals" | "redirect">,
  number: string,
  to: string,
): Promise<Response | null> {
  const key = astro.url.searchParams.get("key");
  if (key === null) return null;
  const session = astro.locals.session;
  if (!(await openGuestOrder(session, number, key))) return new Response(null, { status: 404 });
  commitSessionCookie(astro.cookies, session);
  return astro.redirect(to, 303);
}
