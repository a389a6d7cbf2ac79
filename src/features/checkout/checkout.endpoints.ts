import { z } from "zod";
import { defineEndpoint } from "~/server/http/endpoint";
import { CheckoutSchema } from "./checkout";
import { checkVat } from "./checkout.server";
import { placeOrder as place } from "./place-order.server";
import { VatCheckQuerySchema } from "./vat";

export const vatCheck = defineEndpoint({
  method: "get",
  path: "/sales/customers/checkisvatvalid/",
  summary:
    "Check a VAT number: format and checksum locally, then the EU VIES registry (null when it cannot say); the cart keeps the result for reverse charge",
  tags: ["checkout"],
  query: VatCheckQuerySchema,
  response: z.object({ IsVATValidWebService: z.boolean().nullable(), ErrorMessage: z.string().nullable() }),
  run: ({ session, culture, query }) => checkVat(session, culture, query),
});

export const placeOrder = defineEndpoint({
  method: "post",
  path: "/sales/orders",
  summary:
    "Place the cart's order (one transaction: stock, coupon, totals; the same IdempotencyKey answers the same order). 409 CartEmpty, CartChanged, InsufficientStock; 422 rule broken",
  tags: ["checkout"],
  body: CheckoutSchema,
  response: z.object({
    OrderId: z.number(),
    OrderNumber: z.string(),
    Status: z.string(),
    TotalTaxIncl: z.number(),
    PaymentUrl: z.string(),
  }),
  run: ({ session, culture, body }) => place(session, culture, body),
});
