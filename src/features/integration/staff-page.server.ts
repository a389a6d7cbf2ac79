import type { Duty } from "~/features/customers/roles";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { signInPath } from "~/lib/url";
import { ApiError, errorBody, isFormRefusal } from "~/server/http/errors";
import type { Session } from "~/server/session/session";
import type { AdminActor, Scope } from "./integration";
import { type AdminCall, pageCall, staffActor } from "./integration.server";

/**
 * The gate of a staff page (issues 35, 72): a guest goes to the sign-in page and comes back, an owner
 * without two-factor sign-in to its setup, a shopper or a staff member whose role does not cover `need`
 * gets 403; staff get their call (for the services) and who they are. The page is never cached.
 */
export async function staffGate(
  session: Session,
  culture: Culture,
  here: string,
  headers: Headers,
  need: Scope | Duty = "orders:read",
): Promise<Response | { call: AdminCall; actor: AdminActor }> {
  headers.set("Cache-Control", "private, no-store");
  if (!session.customerId) return new Response(null, { status: 303, headers: { Location: signInPath(culture, here) } });
  const call = pageCall(session);
  try {
    return { call, actor: await staffActor(call, need) };
  } catch (error) {
    if (error instanceof ApiError && error.code === "TwoFactorRequired")
      return new Response(null, {
        status: 303,
        headers: { Location: `/${culture}/security/twofactorhome`, "Cache-Control": "private, no-store" },
      });
    if (error instanceof ApiError && (error.code === "Forbidden" || error.code === "Unauthorized"))
      return new Response(translator(culture)("Errors.Forbidden"), {
        status: 403,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
      });
    throw error;
  }
}

/** What a staff page's form shows after a post it refused: the fields as typed, the errors by field. */
export interface StaffFormState {
  values: Record<string, string>;
  errors: Record<string, string[]>;
  /** The first message (a field's, else the error's), in the staff member's language. */
  failure: string | null;
  status?: number;
}

/**
 * A staff page's form posted (without JavaScript too): the fields are read, the writer's `scope` checked,
 * `work` run with them (a Response of its own, or null: done); done, the page is asked again with `?done=1` (a reload posts nothing twice). A
 * refusal (4xx, `isFormRefusal`) comes back as the form's state, the fields kept; a server failure is thrown.
 */
export async function staffFormPost(
  request: Request,
  page: { session: Session; culture: Culture; here: string; headers: Headers; scope: Scope | Duty },
  work: (values: Record<string, string>, actor: AdminActor) => Promise<Response | null>,
): Promise<Response | StaffFormState> {
  const form = await request.formData().catch(() => new FormData());
  const values = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  try {
    const write = await staffGate(page.session, page.culture, page.here, page.headers, page.scope);
    if (write instanceof Response) return write;
    const answer = await work(values, write.actor);
    return answer ?? new Response(null, { status: 303, headers: { Location: `${page.here}?done=1` } });
  } catch (error) {
    if (!isFormRefusal(error)) throw error;
    const body = errorBody(error, page.culture);
    const failure = Object.values(body.Errors).find((m) => m.length)?.[0] ?? body.Message;
    return { values, errors: body.Errors, failure, status: error.status };
  }
}

/**
 * A staff page's form, as its page reads it: nothing posted (an empty state), or `staffFormPost`'s answer
 * (a Response to return: done, or a page's own), its refusal's status set on the page's answer.
 */
export async function staffForm(
  astro: {
    request: Request;
    response: { status?: number; headers: Headers };
    locals: { session: Session; culture: Culture };
  },
  here: string,
  scope: Scope | Duty,
  work: Parameters<typeof staffFormPost>[2],
): Promise<Response | StaffFormState> {
  if (astro.request.method !== "POST") return { values: {}, errors: {}, failure: null };
  const { session, culture } = astro.locals;
  const posted = await staffFormPost(
    astro.request,
    { session, culture, here, headers: astro.response.headers, scope },
    work,
  );
  if (!(posted instanceof Response) && posted.status) astro.response.status = posted.status;
  return posted;
}
