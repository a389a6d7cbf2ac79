import type { Culture } from "../../lib/culture";
import { ApiError, errorBody } from "../../server/http/errors";
import type { Session } from "../../server/session/session";
import type { SignedInCustomer } from "../customers/customers";
import { AddCreditSchema, MovementsQuerySchema, SetNotificationSchema } from "../prepaid/prepaid";
import { customerSearch, movementsPage, prepaidAccounts, setNotification } from "../prepaid/prepaid.server";
import { addPrepaidCredit } from "./prepaid-topup.server";

export interface PrepaidPageModel {
  status: number;
  redirect: string | null;
  accounts: Awaited<ReturnType<typeof prepaidAccounts>>;
  movements: Awaited<ReturnType<typeof movementsPage>>[];
  topUpError: string | undefined;
}

/**
 * The prepaid accounts page of a customer (their own, or a customer's for staff): accounts, a page of
 * movements each (the one asked for by `accountId`/`page`), and the forms posted without JavaScript.
 */
export async function prepaidPage(
  request: Request,
  session: Session,
  culture: Culture,
  actor: SignedInCustomer,
  owner: number,
  query: URLSearchParams,
  pageUrl: string,
): Promise<PrepaidPageModel> {
  let topUpError: string | undefined;
  let status = 200;
  if (request.method === "POST") {
    const form = Object.fromEntries(await request.formData().catch(() => new FormData()));
    try {
      if (form.Action === "notify" && owner === actor.id) {
        const input = SetNotificationSchema.parse(form);
        await setNotification(actor.id, input.PrepaidAccountId, input.IsActivated);
        return { status: 303, redirect: pageUrl, accounts: [], movements: [], topUpError };
      }
      if (form.Action === "topup") {
        const parsed = AddCreditSchema.safeParse(form);
        if (!parsed.success) throw new ApiError("ValidationFailed", { Quantity: [] }, "Sales.QuantityIsMandatory");
        const address = await addPrepaidCredit(session, culture, actor, parsed.data);
        return { status: 303, redirect: address, accounts: [], movements: [], topUpError };
      }
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      const body = errorBody(error, culture);
      topUpError = body.Errors.Quantity?.[0] || body.Message;
      status = error.status;
    }
  }
  const accounts = await prepaidAccounts(owner);
  const asked = MovementsQuerySchema.safeParse(Object.fromEntries(query));
  const movements = await Promise.all(
    accounts.map((a) =>
      movementsPage(actor, a.id, asked.success && asked.data.accountId === a.id ? asked.data.page : 1),
    ),
  );
  return { status, redirect: null, accounts, movements, topUpError };
}

export { customerSearch };
