import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import type { Session } from "~/server/session/session";
import type { SignedInCustomer } from "./customers";
import { findCustomerById } from "./customers.repository";
import { mayDo } from "./roles";

/**
 * Who the shopper is: the customers feature sits below every other (the catalogue shows business prices
 * and references, the stock page is staff only), while sign-in flows (account) sit above the cart.
 */
export {
  anonymiseCustomerRow,
  claimTotpStep,
  closedAccountEmail,
  countRole,
  customerPage,
  customerProfile,
  customerSecurity,
  findCustomerByEmail,
  findCustomerById,
  forgetDefaultAddress,
  insertCustomer,
  replaceRecoveryCodes,
  setCustomerRole,
  setDefaultAddress,
  setStaffNote,
  spendRecoveryCode,
  staffAccounts,
  staffNote,
  unusedRecoveryCodes,
  updateCustomerSecurity,
} from "./customers.repository";

/**
 * The customer read for a request, by its session object (one per request): a page and its header ask
 * once. Read again when the session's customer changes (a sign-in or sign-out in the request); nothing
 * the header shows (the first name) changes within a request otherwise.
 */
const readFor = new WeakMap<Session, { customerId: number; customer: Promise<SignedInCustomer | null> }>();

export function currentCustomer(session: Session): Promise<SignedInCustomer | null> {
  const customerId = session.customerId;
  if (!customerId) return Promise.resolve(null);
  const known = readFor.get(session);
  if (known?.customerId === customerId) return known.customer;
  const customer = findCustomerById(db(), customerId).then(
    (row) => row ?? null,
    (error: unknown) => {
      // A failed read (the database down) is not kept: the next caller tries again.
      readFor.delete(session);
      throw error;
    },
  );
  readFor.set(session, { customerId, customer });
  return customer;
}

/** Editors and the owner manage the shop's content and its asset library. */
export const canEditContent = (customer: Pick<SignedInCustomer, "role"> | null) => mayDo(customer, "content");

/** The signed-in editor: a shopper is forbidden (403), a guest unauthorised (401). */
export async function contentEditor(session: Session): Promise<SignedInCustomer> {
  const customer = await currentCustomer(session);
  if (!customer) throw new ApiError("Unauthorized");
  if (!canEditContent(customer)) throw new ApiError("Forbidden");
  return customer;
}
