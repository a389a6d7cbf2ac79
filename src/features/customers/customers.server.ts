import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import type { Session } from "~/server/session/session";
import type { SignedInCustomer } from "./customers";
import { findCustomerById } from "./customers.repository";

/**
 * Who the shopper is: the customers feature sits below every other (the catalogue shows business prices
 * and references, the stock page is staff only), while sign-in flows (account) sit above the cart.
 */
export {
  anonymiseCustomerRow,
  claimTotpStep,
  closedAccountEmail,
  customerPage,
  customerProfile,
  customerSecurity,
  findCustomerByEmail,
  findCustomerById,
  forgetDefaultAddress,
  insertCustomer,
  replaceRecoveryCodes,
  setDefaultAddress,
  spendRecoveryCode,
  unusedRecoveryCodes,
  updateCustomerSecurity,
} from "./customers.repository";

export async function currentCustomer(session: Session): Promise<SignedInCustomer | null> {
  if (!session.customerId) return null;
  return (await findCustomerById(db(), session.customerId)) ?? null;
}

/** Editors (and staff) manage the shop's content and its asset library. */
export const canEditContent = (customer: Pick<SignedInCustomer, "role"> | null) =>
  customer?.role === "editor" || customer?.role === "staff";

/** The signed-in editor: a shopper is forbidden (403), a guest unauthorised (401). */
export async function contentEditor(session: Session): Promise<SignedInCustomer> {
  const customer = await currentCustomer(session);
  if (!customer) throw new ApiError("Unauthorized");
  if (!canEditContent(customer)) throw new ApiError("Forbidden");
  return customer;
}
