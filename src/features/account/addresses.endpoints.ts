import { z } from "zod";
import { defineEndpoint } from "../../server/http/endpoint";
import { AddressFormSchema } from "./addresses";
import { saveAddress as save } from "./addresses.server";

export const saveAddress = defineEndpoint({
  method: "post",
  path: "/customers/addresses",
  summary:
    "Create (Id 0) or edit one of the signed-in customer's addresses (the address popup); answers the saved address. 403 when the shop does not allow it (ADDRESS_CREATE, ADDRESS_EDIT), 404 for another's address",
  tags: ["checkout"],
  body: AddressFormSchema,
  response: z.object({ Id: z.number(), AddressType: z.string() }),
  auth: true,
  run: ({ customerId, body }) => save(customerId, body),
});
