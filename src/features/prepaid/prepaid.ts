import { z } from "zod";

/**
 * Prepaid accounts (spec 001): credit bought as cart lines of one service variant (one unit = 1 €,
 * no VAT: VAT is due when the credit is spent) and spent at the checkout. Shared by server and pages.
 */
export const PREPAID_CREDIT_SKU = "PREPAID-CREDIT";
/** Cents one unit of credit buys. */
export const PREPAID_UNIT_CENTS = 100;
/** Most credit one cart may buy, in units. */
export const PREPAID_MAX_UNITS = 1000;
export const PREPAID_MOVEMENTS_PER_PAGE = 10;
/** The balance under which a customer who asked for it is told (cents). */
export const PREPAID_LOW_BALANCE_CENTS = 1000;

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on", "1", "0", ""])])
  .transform((v) => v === true || v === "true" || v === "on" || v === "1");

/** The usage-notification checkbox (spec 001: `{ IsActivated, PrepaidAccountId }`, sent without a loader). */
export const SetNotificationSchema = z.object({ IsActivated: flag, PrepaidAccountId: id });

/** Add prepaid money: a missing quantity is its own refusal (Sales.QuantityIsMandatory). */
export const AddCreditSchema = z.object({
  PrepaidAccountId: id,
  Quantity: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number().int().min(1).max(PREPAID_MAX_UNITS).optional(),
  ),
});

export const MovementsQuerySchema = z.object({
  accountId: id,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** Staff paying for a customer from her credit (an in-store sale): cents, and what it was for. */
export const StaffPaymentSchema = z.object({
  PrepaidAccountId: id,
  Amount: z.coerce.number().int().min(1).max(1_000_000),
  Label: z.string().trim().min(1).max(120),
});
