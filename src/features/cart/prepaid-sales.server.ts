import type { SignedInCustomer } from "~/features/customers/customers";
import {
  AddCreditSchema,
  MovementsQuerySchema,
  SetNotificationSchema,
  StaffPaymentSchema,
} from "~/features/prepaid/prepaid";
import {
  customerSearch,
  movementsPage,
  prepaidAccounts,
  setNotification,
  staffPayment,
} from "~/features/prepaid/prepaid.server";
import type { Culture } from "~/lib/culture";
import { ApiError, errorBody, isFormRefusal } from "~/server/http/errors";
import type { Session } from "~/server/session/session";
import { addPrepaidCredit } from "./prepaid-topup.server";

export interface PrepaidPageModel {
  status: number;
  redirect: string | null;
  accounts: Awaited<ReturnType<typeof prepaidAccounts>>;
  movements: Awaited<ReturnType<typeof movementsPage>>[];
  topUpError: string | undefined;
  /** The refusal of the staff's payment form, if it was the one sent. */
  payError: string | undefined;
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
  let payError: string | undefined;
  let status = 200;
  if (request.method === "POST") {
    const form = Object.fromEntries(await request.formData().catch(() => new FormData()));
    try {
      if (form.Action === "notify" && owner === actor.id) {
        const input = SetNotificationSchema.parse(form);
        await setNotification(actor.id, input.PrepaidAccountId, input.IsActivated);
        return { status: 303, redirect: pageUrl, accounts: [], movements: [], topUpError, payError };
      }
      if (form.Action === "pay") {
        const euros = Number(
          String(form.AmountEuros ?? "")
            .replace(",", ".")
            .trim(),
        );
        const parsed = StaffPaymentSchema.safeParse({
          ...form,
          Amount: Number.isFinite(euros) ? Math.round(euros * 100) : 0,
        });
        if (!parsed.success) throw new ApiError("ValidationFailed", { Amount: [] });
        await staffPayment(actor, parsed.data);
        return {
          status: 303,
          redirect: `${pageUrl}${pageUrl.includes("?") ? "&" : "?"}paid=1`,
          accounts: [],
          movements: [],
          topUpError,
          payError,
        };
      }
      if (form.Action === "topup") {
        const parsed = AddCreditSchema.safeParse(form);
        if (!parsed.success) throw new ApiError("ValidationFailed", { Quantity: [] }, "Sales.QuantityIsMandatory");
        const address = await addPrepaidCredit(session, culture, actor, parsed.data);
        return { status: 303, redirect: address, accounts: [], movements: [], topUpError, payError };
      }
    } catch (error) {
      if (!isFormRefusal(error)) throw error;
      const body = errorBody(error, culture);
      if (form.Action === "pay") payError = body.Message;
      else topUpError = body.Errors.Quantity?.[0] || body.Message;
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
  return { status, redirect: null, accounts, movements, topUpError, payError };
}

export { customerSearch };
