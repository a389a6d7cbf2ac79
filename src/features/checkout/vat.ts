import { z } from "zod";

/** VAT check query (spec 001): countryId, VAT, customerId. */
export const VatCheckQuerySchema = z.object({
  countryId: z.coerce.number().int().min(1).max(2_147_483_647),
  VAT: z.string().trim().max(32).default(""),
  customerId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

export { reverseChargeApplies } from "~/features/pricing/totals";
export { normaliseVatNumber, vatNumberLooksValid } from "~/features/pricing/vat-number";
export { vatChangeReloads } from "./vat.constants";
