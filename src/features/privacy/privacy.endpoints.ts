import { z } from "zod";
import { defineEndpoint } from "~/server/http/endpoint";
import {
  ClosureConfirmSchema,
  ClosureRequestSchema,
  closeAccount,
  personalDataExport,
  requestClosure,
} from "./privacy.server";

export const exportPersonalData = defineEndpoint({
  method: "get",
  path: "/account/data",
  summary:
    "Everything the shop holds about the signed-in shopper (account, addresses, orders, lists, prepaid movements, consent records, requests, mails) as one JSON download (GDPR articles 15 and 20)",
  tags: ["account"],
  auth: true,
  response: z.record(z.string(), z.unknown()),
  run: async ({ customerId, header }) => {
    const data = await personalDataExport(customerId);
    header("Content-Disposition", `attachment; filename="vitrine-data-${data.ExportedAt.slice(0, 10)}.json"`);
    return data;
  },
});

export const askClosure = defineEndpoint({
  method: "post",
  path: "/account/closure",
  summary:
    "Step one of closing the account: the password (and second factor when enrolled), nothing pending (orders under way, unused credit, refunds awaited: 409 with the reasons), then a one-hour link mailed",
  tags: ["account"],
  auth: true,
  body: ClosureRequestSchema,
  response: z.object({ Sent: z.boolean() }),
  run: ({ customerId, body, culture }) => requestClosure(customerId, body, culture),
});

export const confirmClosure = defineEndpoint({
  method: "post",
  path: "/account/closure/confirm",
  summary:
    "Step two, with the mailed link's token: the account's personal data erased or anonymised (orders kept for ORDER_RETENTION_YEARS with the anonymised customer), every session ended (GDPR article 17)",
  tags: ["account"],
  body: ClosureConfirmSchema,
  response: z.object({ Closed: z.boolean() }),
  run: ({ body, culture }) => closeAccount(body, culture),
});
