import { z } from "zod";
import { defineEndpoint } from "~/server/http/endpoint";
import { ReAddSchema, reAddOrderLine } from "./orders.server";
import { WithdrawalSchema, withdrawFromOrder } from "./withdrawal.server";

export const reAdd = defineEndpoint({
  method: "put",
  path: "/sales/orders/addtocart",
  summary: "Put an item of one of the shopper's orders back into the cart (404 for another's order)",
  tags: ["orders"],
  body: ReAddSchema,
  response: z.object({ Cart: z.unknown(), Message: z.string() }),
  run: ({ session, culture, body }) => reAddOrderLine(session, culture, body),
});

export const withdraw = defineEndpoint({
  method: "post",
  path: "/sales/orders/withdrawal",
  summary:
    "Withdraw from lines of one of the shopper's paid orders with the EU model form (stored, mailed to the shop and to her; a guest's order in the session that placed it or opened it from her mail; 404 for another's order, 409 for a line withdrawn before)",
  tags: ["orders"],
  body: WithdrawalSchema,
  response: z.object({
    Id: z.number(),
    Lines: z.array(z.object({ OrderLineId: z.number(), Name: z.string(), Sku: z.string(), Quantity: z.number() })),
  }),
  run: ({ session, culture, body }) => withdrawFromOrder(session, body, culture),
});
