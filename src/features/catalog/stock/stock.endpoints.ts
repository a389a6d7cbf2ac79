import { z } from "zod";
import { currentCustomer } from "~/features/customers/customers.server";
import { mayDo } from "~/features/customers/roles";
import { defineEndpoint } from "~/server/http/endpoint";
import { ApiError } from "~/server/http/errors";
import { setStock } from "./stock.server";

const id = z.coerce.number().int().min(1).max(2_147_483_647);

export const putStock = defineEndpoint({
  method: "put",
  path: "/stock/:variantId/:warehouseId",
  summary: "Staff: set a warehouse's stock of a variant (back-in-stock subscribers are mailed through the outbox)",
  tags: ["stock"],
  params: z.object({ variantId: id, warehouseId: id }),
  body: z.object({ Quantity: z.number().int().min(0).max(1_000_000) }),
  response: z.object({ Notified: z.number() }),
  auth: true,
  run: async ({ session, params, body }) => {
    const customer = await currentCustomer(session);
    if (!customer) throw new ApiError("Unauthorized");
    if (!mayDo(customer, "stock")) throw new ApiError("Forbidden");
    const { notified } = await setStock(params.variantId, params.warehouseId, body.Quantity);
    return { Notified: notified };
  },
});
