import { z } from "zod";
import { defineEndpoint } from "~/server/http/endpoint";
import { ReAddSchema, reAddOrderLine } from "./orders.server";

export const reAdd = defineEndpoint({
  method: "put",
  path: "/sales/orders/addtocart",
  summary: "Put an item of one of the shopper's orders back into the cart (404 for another's order)",
  tags: ["orders"],
  body: ReAddSchema,
  response: z.object({ Cart: z.unknown(), Message: z.string() }),
  run: ({ session, culture, body }) => reAddOrderLine(session, culture, body),
});
