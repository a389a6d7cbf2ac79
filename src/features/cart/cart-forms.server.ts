import type { Culture } from "../../lib/culture";
import { translator } from "../../lib/i18n";
import { isEndpoint, runEndpoint } from "../../server/http/endpoint";
import { ApiError, errorBody } from "../../server/http/errors";
import type { Flash } from "../../server/http/flash";
import type { Session } from "../../server/session/session";
import * as cartEndpoints from "./cart.endpoints";
import { CART_FORMS, isCartForm } from "./cart.forms";

const byKey = new Map(
  (Object.values(cartEndpoints) as unknown[]).filter(isEndpoint).map((endpoint) => [endpoint.key, endpoint]),
);

/** The cart page's forms without JavaScript: the same endpoints as the API (CART_FORMS), answered as a notice. */
export async function cartFormAction(session: Session, culture: Culture, form: FormData): Promise<Flash | null> {
  const t = translator(culture);
  const fields = Object.fromEntries(form) as Record<string, string>;
  try {
    if (!isCartForm(fields.action)) return { kind: "error", message: t("Errors.ValidationFailed"), links: [] };
    const cartForm = CART_FORMS[fields.action];
    if (cartForm.when && !cartForm.when(fields)) return null;
    const headers = new Map<string, string>();
    const endpoint = byKey.get(cartForm.endpoint);
    if (!endpoint) throw new Error(`No cart endpoint ${cartForm.endpoint}`);
    const answer = await runEndpoint(endpoint, {
      ...(cartForm.request(fields) as { params?: unknown; body?: unknown }),
      session,
      culture,
      clientIp: "",
      header: (name, value) => headers.set(name, value),
    });
    if (fields.action !== "coupon") return null;
    return answer === true
      ? { kind: "success", message: t("CouponCodes.CouponsValid"), links: [] }
      : { kind: "error", message: t(`Errors.${headers.get(cartEndpoints.COUPON_PROBLEM_HEADER)}`), links: [] };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const body = errorBody(error, culture);
    const first = Object.values(body.Errors).find((messages) => messages.length > 0)?.[0];
    return { kind: "error", message: first ?? body.Message, links: [] };
  }
}
