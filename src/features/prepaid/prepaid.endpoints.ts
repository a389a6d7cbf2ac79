import { z } from "zod";
import { defineEndpoint, SuccessAnswer } from "~/server/http/endpoint";
import { SetNotificationSchema, StaffPaymentSchema } from "./prepaid";
import {
  actingCustomer,
  customerSearch,
  prepaidAccounts,
  setNotification,
  staffMember,
  staffPayment,
} from "./prepaid.server";

const AccountSchema = z.object({
  PrepaidAccountId: z.number(),
  Name: z.string(),
  Balance: z.number(),
  IsNotificationActivated: z.boolean(),
});

export const accounts = defineEndpoint({
  method: "get",
  path: "/sales/prepaidaccounts",
  summary: "The signed-in customer's prepaid accounts and balances (cents); staff give `customerId` for a customer's",
  tags: ["prepaid"],
  query: z.object({ customerId: z.coerce.number().int().min(1).max(2_147_483_647).optional() }),
  response: z.array(AccountSchema),
  auth: true,
  run: async ({ session, query }) => {
    const actor = query.customerId ? await staffMember(session) : await actingCustomer(session);
    const rows = await prepaidAccounts(query.customerId ?? actor.id);
    return rows.map((a) => ({
      PrepaidAccountId: a.id,
      Name: a.name,
      Balance: a.balance,
      IsNotificationActivated: a.notify_usage === 1,
    }));
  },
});

export const setNotificationEndpoint = defineEndpoint({
  method: "post",
  path: "/sales/prepaidaccounts/setnotification",
  summary: "Turn the usage notification of one of the customer's prepaid accounts on or off (404 for another's)",
  tags: ["prepaid"],
  body: SetNotificationSchema,
  auth: true,
  response: SuccessAnswer,
  run: async ({ customerId, body }) => {
    await setNotification(customerId, body.PrepaidAccountId, body.IsActivated);
    return { Success: true };
  },
});

export const customers = defineEndpoint({
  method: "get",
  path: "/sales/customers",
  summary: "Staff only: customers whose e-mail contains q, for the prepaid sales' searchable select",
  tags: ["prepaid"],
  query: z.object({ q: z.string().trim().min(1).max(100) }),
  response: z.array(z.object({ Email: z.string(), CustomerId: z.number() })),
  auth: true,
  run: async ({ session, query }) => {
    await staffMember(session);
    return customerSearch(query.q);
  },
});

export const payForCustomer = defineEndpoint({
  method: "post",
  path: "/sales/prepaidaccounts/payments",
  summary:
    "Staff only: pay for a customer from one of her prepaid accounts (a sale at the counter); answers the new balance. 409 InsufficientCredit when the balance is short",
  tags: ["prepaid"],
  body: StaffPaymentSchema,
  response: z.object({ Balance: z.number() }),
  auth: true,
  run: async ({ session, body }) => ({ Balance: await staffPayment(await staffMember(session), body) }),
});
