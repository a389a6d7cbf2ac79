import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import type { Flash } from "~/server/http/flash";
import { endpointsByKey, runFormEndpoint } from "~/server/http/form-endpoints";
import type { Session } from "~/server/session/session";
import * as cartEndpoints from "./cart.endpoints";
import { CART_FORMS, isCartForm } from "./cart.forms";

const byKey = endpointsByKey(cartEndpoints);

/** The cart page's forms without JavaScript: the same endpoints as the API (CART_FORMS), answered as a notice. */
export async function cartFormAction(session: Session, culture: Culture, form: FormData): Promise<Flash | null> {
  const t = translator(culture);
  const fields = Object.fromEntries(form) as Record<string, string>;
  if (!isCartForm(fields.action)) return { kind: "error", message: t("Errors.ValidationFailed"), links: [] };
  const cartForm = CART_FORMS[fields.action];
  if (cartForm.when && !cartForm.when(fields)) return null;
  const outcome = await runFormEndpoint(
    byKey,
    cartForm.endpoint,
    cartForm.request(fields) as { params?: unknown; body?: unknown },
    session,
    culture,
  );
  if (!outcome.ok) return { kind: "error", message: outcome.message, links: [] };
  if (fields.action !== "coupon") return null;
  return outcome.answer === true
    ? { kind: "success", message: t("CouponCodes.CouponsValid"), links: [] }
    : {
        kind: "error",
        message: t(`Errors.${outcome.headers.get(cartEndpoints.COUPON_PROBLEM_HEADER)}`),
        links: [],
      };
}
