import { z } from "zod";
import { currentCustomer } from "~/features/customers/customers.server";
import { AddCreditSchema } from "~/features/prepaid/prepaid";
import { defineEndpoint } from "~/server/http/endpoint";
import { ApiError } from "~/server/http/errors";
import { addPrepaidCredit } from "./prepaid-topup.server";

export const addPrepaidToCart = defineEndpoint({
  method: "post",
  path: "/sales/prepaidaccounts/addtocart",
  summary:
    "Add prepaid money to one of the customer's accounts (staff: any customer's) as a cart line; answers the address to go to. A missing Quantity is refused with Sales.QuantityIsMandatory",
  tags: ["prepaid"],
  body: AddCreditSchema,
  response: z.string(),
  auth: true,
  run: async ({ session, culture, body }) => {
    const actor = await currentCustomer(session);
    if (!actor) throw new ApiError("Unauthorized");
    return addPrepaidCredit(session, culture, actor, body);
  },
});
