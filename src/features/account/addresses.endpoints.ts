import { z } from "zod";
import { defineEndpoint, SuccessAnswer } from "~/server/http/endpoint";
import { AddressFormSchema } from "./addresses";
import { chooseDefaultAddress, removeAddress, saveAddress as save } from "./addresses.server";

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

const AddressIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const deleteAddress = defineEndpoint({
  method: "delete",
  path: "/customers/addresses/:id",
  summary: "Delete one of the signed-in customer's addresses (orders keep their copy); 404 for another's",
  tags: ["account"],
  params: AddressIdParams,
  auth: true,
  response: SuccessAnswer,
  run: async ({ customerId, params }) => {
    await removeAddress(customerId, params.id);
    return { Success: true };
  },
});

export const defaultAddress = defineEndpoint({
  method: "put",
  path: "/customers/addresses/:id/default",
  summary: "Make one of the customer's addresses the default billing or delivery address (the checkout picks it first)",
  tags: ["account"],
  params: AddressIdParams,
  body: z.object({ Use: z.enum(["Billing", "Shipping"]) }),
  auth: true,
  response: SuccessAnswer,
  run: async ({ customerId, params, body }) => {
    await chooseDefaultAddress(customerId, params.id, body.Use);
    return { Success: true };
  },
});
