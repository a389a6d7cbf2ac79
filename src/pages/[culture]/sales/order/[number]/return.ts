import type { APIRoute } from "astro";
import { submitDetails } from "~/features/payment/payment.server";
import { ApiError } from "~/server/http/errors";
import { log } from "~/server/observability/log";

/**
 * Back from the provider: a drop-in's redirect (`redirectResult`: 3-D Secure, Bancontact, iDEAL) or a
 * hosted page (`payment`, our payment id: Mollie). The provider is asked what happened, server to server;
 * then the confirmation (paid, or still waiting for the provider's word) or the payment page again.
 */
export const GET: APIRoute = async ({ url, params, locals, redirect }) => {
  const number = String(params.number ?? "");
  if (!/^VT-[0-9A-F]{10}$/.test(number)) return new Response(null, { status: 404 });
  const base = `/${locals.culture}/sales/order/${number}`;
  const redirectResult = url.searchParams.get("redirectResult") ?? undefined;
  const paymentId = url.searchParams.get("payment") ?? undefined;
  try {
    const result = await submitDetails({
      ...(redirectResult ? { redirectResult } : {}),
      ...(paymentId && /^[A-Za-z0-9_-]{8,64}$/.test(paymentId) ? { paymentId } : {}),
    });
    if (result.resultCode === "Authorised" || result.resultCode === "Pending")
      return redirect(`${base}/confirmation`, 303);
    return redirect(`${base}/payment?refused=1`, 303);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    log().warn({ code: error.code }, "a payment's return could not be completed");
    // The provider unreachable: the notification will tell; the confirmation says the order awaits it.
    if (error.status >= 500) return redirect(`${base}/confirmation`, 303);
    return redirect(`${base}/payment?refused=1`, 303);
  }
};
