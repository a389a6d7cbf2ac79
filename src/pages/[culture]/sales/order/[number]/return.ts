import type { APIRoute } from "astro";
import { submitDetails } from "~/features/payment/payment.server";
import { ApiError } from "~/server/http/errors";
import { log } from "~/server/observability/log";

/** Back from the provider's redirect (challenge): the details are submitted, then the confirmation or a retry. */
export const GET: APIRoute = async ({ url, params, locals, redirect }) => {
  const number = String(params.number ?? "");
  if (!/^VT-[0-9A-F]{10}$/.test(number)) return new Response(null, { status: 404 });
  const base = `/${locals.culture}/sales/order/${number}`;
  const redirectResult = url.searchParams.get("redirectResult") ?? "";
  try {
    const result = await submitDetails(redirectResult);
    return redirect(result.resultCode === "Authorised" ? `${base}/confirmation` : `${base}/payment?refused=1`, 303);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    log().warn({ code: error.code }, "payment details were refused");
    return redirect(`${base}/payment?refused=1`, 303);
  }
};
