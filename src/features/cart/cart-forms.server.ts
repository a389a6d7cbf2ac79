import type { Culture } from "../../lib/culture";
import { translator } from "../../lib/i18n";
import { ApiError, errorBody } from "../../server/http/errors";
import type { Flash } from "../../server/http/flash";
import type { Session } from "../../server/session/session";
import { checkVat } from "../checkout/checkout.server";
import { VatCheckQuerySchema } from "../checkout/vat";
import { CouponRequestSchema } from "../coupons/coupon";
import { CitySchema, LineQuantitySchema, ShippingCountrySchema, ShippingMethodSchema } from "./cart";
import {
  applyCoupon,
  changeLineQuantity,
  chooseCity,
  chooseCountries,
  chooseShippingCountry,
  chooseShippingMethod,
  clearProduct,
  removeCoupon,
  removeLine,
} from "./cart-detail.server";

/** The cart page's forms without JavaScript: the same services as the API, answered as a notice. */
export const CART_FORM_ACTIONS = [
  "quantity",
  "remove",
  "clear-product",
  "country",
  "method",
  "city",
  "coupon",
  "remove-coupon",
  "vat",
] as const;

const id = (value: FormDataEntryValue | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 2_147_483_647 ? n : null;
};

export async function cartFormAction(session: Session, culture: Culture, form: FormData): Promise<Flash | null> {
  const t = translator(culture);
  const fields = Object.fromEntries(form) as Record<string, string>;
  try {
    switch (fields.action) {
      case "quantity": {
        const lineId = id(form.get("LineId"));
        const parsed = LineQuantitySchema.safeParse(fields);
        if (!lineId || !parsed.success) break;
        await changeLineQuantity(session, culture, lineId, parsed.data.Quantity);
        return null;
      }
      case "remove": {
        const lineId = id(form.get("LineId"));
        if (!lineId) break;
        await removeLine(session, culture, lineId);
        return null;
      }
      case "clear-product": {
        const productId = id(form.get("ProductId"));
        if (!productId) break;
        await clearProduct(session, culture, productId);
        return null;
      }
      case "country": {
        const parsed = ShippingCountrySchema.safeParse(fields);
        if (!parsed.success) break;
        await chooseShippingCountry(session, culture, parsed.data.CountryCode);
        return null;
      }
      case "method": {
        const parsed = ShippingMethodSchema.safeParse(fields);
        if (!parsed.success) break;
        await chooseShippingMethod(session, culture, parsed.data.ShippingMethodId);
        return null;
      }
      case "city": {
        const parsed = CitySchema.safeParse(fields);
        if (!parsed.success) break;
        await chooseCity(session, culture, parsed.data.CityId);
        return null;
      }
      case "coupon": {
        const parsed = CouponRequestSchema.safeParse(fields);
        if (!parsed.success) break;
        const outcome = await applyCoupon(session, culture, parsed.data.CouponCode);
        return outcome.valid
          ? { kind: "success", message: t("CouponCodes.CouponsValid"), links: [] }
          : { kind: "error", message: t(`Errors.${outcome.problem}`), links: [] };
      }
      case "remove-coupon":
        await removeCoupon(session);
        return null;
      case "vat": {
        const billing = id(form.get("BillingCountryId"));
        const shipping = id(form.get("ShippingCountryId"));
        if (!billing || !shipping) break;
        await chooseCountries(session, culture, { ShippingCountryId: shipping, BillingCountryId: billing });
        const parsed = VatCheckQuerySchema.safeParse({ countryId: billing, VAT: fields.VAT ?? "" });
        if (!parsed.success) break;
        const result = await checkVat(session, culture, parsed.data);
        if (result.IsVATValidWebService === true)
          return { kind: "success", message: t("Checkout.VatNumberValid"), links: [] };
        return result.ErrorMessage ? { kind: "error", message: result.ErrorMessage, links: [] } : null;
      }
    }
    return { kind: "error", message: t("Errors.ValidationFailed"), links: [] };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const body = errorBody(error, culture);
    const first = Object.values(body.Errors).find((messages) => messages.length > 0)?.[0];
    return { kind: "error", message: first ?? body.Message, links: [] };
  }
}
