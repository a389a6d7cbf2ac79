import type { z } from "zod";
import { cartOwner, findCartId, updateCart } from "~/features/cart/cart.server";
import { countryById } from "~/features/pricing/pricing.server";
import { vatRegistry } from "~/features/pricing/vat-registry.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import type { Session } from "~/server/session/session";
import { normaliseVatNumber, type VatCheckQuerySchema, vatNumberLooksValid } from "./vat";

export interface VatCheckResult {
  IsVATValidWebService: boolean | null;
  ErrorMessage: string | null;
}

/**
 * Checks a VAT number for the billing country: a malformed number is false at once (the registry is
 * not asked); a well-formed one is what the registry says, or null when it cannot say. The result is
 * kept on the shopper's cart, where it decides reverse charge. A customer id other than the signed-in
 * customer's own is not found.
 */
export async function checkVat(
  session: Session,
  culture: Culture,
  query: z.infer<typeof VatCheckQuerySchema>,
): Promise<VatCheckResult> {
  const t = translator(culture);
  if (query.customerId && query.customerId !== session.customerId) throw new ApiError("NotFound");
  const country = await countryById(db(), query.countryId);
  if (!country) throw new ApiError("CountryNotFound", { countryId: [] });
  const cartId = await findCartId(db(), cartOwner(session));
  let valid: boolean | null;
  let message: string | null = null;
  const number = query.VAT ? normaliseVatNumber(country.code, query.VAT) : "";
  if (!number) {
    valid = null;
  } else if (!country.isEu || !vatNumberLooksValid(country.code, number)) {
    valid = false;
    message = t("Checkout.VatNumberInvalid");
  } else {
    valid = await vatRegistry().check(country.code, number);
    if (valid === false) message = t("Checkout.VatNumberUnknown");
    if (valid === null) message = t("Checkout.VatServiceUnavailable");
  }
  if (cartId)
    await updateCart(db(), cartId, {
      vat_number: number || null,
      vat_valid: valid === null ? null : valid ? 1 : 0,
      billing_country_id: country.id,
    });
  return { IsVATValidWebService: valid, ErrorMessage: message };
}
