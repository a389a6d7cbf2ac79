import type { SignedInCustomer } from "~/features/customers/customers";
import { PREPAID_MAX_UNITS } from "~/features/prepaid/prepaid";
import { accountFor, prepaidCreditVariant } from "~/features/prepaid/prepaid.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { db } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/errors";
import { ApiError } from "~/server/http/errors";
import { ensureSession, type Session, sessionKey } from "~/server/session/session";
import { addLine } from "./cart.repository";

/**
 * Add prepaid money (spec 001): a cart line of the credit variant naming the account, one unit per
 * euro; the balance grows when the order is paid. A customer tops up their own accounts; staff may
 * top up any customer's. Answers the address the page goes to next (the cart).
 */
export async function addPrepaidCredit(
  session: Session,
  culture: Culture,
  actor: Pick<SignedInCustomer, "id" | "role">,
  input: { PrepaidAccountId: number; Quantity?: number | undefined },
): Promise<string> {
  const t = translator(culture);
  const quantity = input.Quantity;
  if (!quantity)
    throw new ApiError("ValidationFailed", { Quantity: [t("Sales.QuantityIsMandatory")] }, "Sales.QuantityIsMandatory");
  const account = await accountFor(actor, input.PrepaidAccountId);
  const variantId = await prepaidCreditVariant();
  const id = await ensureSession(session);
  const owner = { customerId: session.customerId, sessionKey: sessionKey(id) };
  const line = { variantId, itemOrigin: "Prepaid", itemKey: String(account.id), prepaidAccountId: account.id };
  const check = (inCart: number) => {
    if (inCart + quantity > PREPAID_MAX_UNITS)
      throw new ApiError(
        "QuantityRuleBroken",
        { Quantity: [t("Sales.PrepaidMaximum", { max: PREPAID_MAX_UNITS })] },
        "Sales.PrepaidMaximum",
        { max: PREPAID_MAX_UNITS },
      );
    return quantity;
  };
  try {
    await addLine(db(), owner, line, check);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await addLine(db(), owner, line, check);
  }
  return `/${culture}/shoppingcarts`;
}
