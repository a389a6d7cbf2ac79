import type { z } from "zod";
import { ApiError } from "../../server/http/errors";
import { customerAddress, insertAddress, type SavedAddress, updateAddress } from "./address.repository";
import type { AddressFormSchema } from "./checkout";
import { countryById } from "./shipping.repository";

/** Whether the address popup may create or edit addresses (spec 001: flags say which is allowed). */
export const ADDRESS_FLAGS = { canCreate: true, canEdit: true } as const;

/** Creates (Id 0) or edits one of the customer's own addresses; another customer's is not found. */
export async function saveAddress(customerId: number, input: z.infer<typeof AddressFormSchema>): Promise<SavedAddress> {
  if (!(await countryById(input.CountryId))) throw new ApiError(404, "CountryNotFound", { CountryId: [] });
  let id = input.Id;
  if (id === 0) {
    if (!ADDRESS_FLAGS.canCreate) throw new ApiError(403, "Forbidden");
    id = await insertAddress(customerId, input, input.AddressType);
  } else {
    if (!ADDRESS_FLAGS.canEdit) throw new ApiError(403, "Forbidden");
    if (!(await updateAddress(customerId, id, input, input.AddressType))) throw new ApiError(404, "AddressNotFound");
  }
  const saved = await customerAddress(customerId, id);
  if (!saved) throw new ApiError(404, "AddressNotFound");
  return saved;
}
