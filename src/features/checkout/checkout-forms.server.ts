import { chooseCountries } from "~/features/cart/cart-detail.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { errorBody, isFormRefusal } from "~/server/http/errors";
import type { Flash } from "~/server/http/flash";
import type { Session } from "~/server/session/session";
import { checkVat } from "./checkout.server";
import { VatCheckQuerySchema } from "./vat";

const id = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 2_147_483_647 ? n : null;
};

/** The checkout's VAT number check without JavaScript: both countries, then the number. */
export async function vatForm(
  session: Session,
  culture: Culture,
  fields: Record<string, string>,
): Promise<Flash | null> {
  try {
    return await checkVatNumber(session, culture, fields);
  } catch (error) {
    if (!isFormRefusal(error)) throw error;
    const body = errorBody(error, culture);
    return { kind: "error", message: Object.values(body.Errors).flat()[0] ?? body.Message, links: [] };
  }
}

async function checkVatNumber(
  session: Session,
  culture: Culture,
  fields: Record<string, string>,
): Promise<Flash | null> {
  const t = translator(culture);
  const billing = id(fields.BillingCountryId);
  const shipping = id(fields.ShippingCountryId);
  const invalid: Flash = { kind: "error", message: t("Errors.ValidationFailed"), links: [] };
  if (!billing || !shipping) return invalid;
  await chooseCountries(session, culture, { ShippingCountryId: shipping, BillingCountryId: billing });
  const parsed = VatCheckQuerySchema.safeParse({ countryId: billing, VAT: fields.VAT ?? "" });
  if (!parsed.success) return invalid;
  const result = await checkVat(session, culture, parsed.data);
  if (result.IsVATValidWebService === true)
    return { kind: "success", message: t("Checkout.VatNumberValid"), links: [] };
  return result.ErrorMessage ? { kind: "error", message: result.ErrorMessage, links: [] } : null;
}
