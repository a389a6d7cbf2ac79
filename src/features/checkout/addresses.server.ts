import { env } from "../../server/config/env";
import { ApiError } from "../../server/http/errors";
import {
  customerAddress,
  customerAddresses,
  insertAddress,
  type SavedAddress,
  updateAddress,
} from "./address.repository";
import { type AddressForm, servesAs } from "./checkout";
import { countryById } from "./shipping.repository";

export interface AddressFlags {
  canCreate: boolean;
  canEdit: boolean;
}

/** Whether the address popup may create or edit addresses (spec 001: flags say which is allowed). */
export function addressFlags(): AddressFlags {
  const settings = env();
  return { canCreate: settings.ADDRESS_CREATE, canEdit: settings.ADDRESS_EDIT };
}

/** Creates (Id 0) or edits one of the customer's own addresses; another customer's is not found. */
export async function saveAddress(customerId: number, input: AddressForm): Promise<SavedAddress> {
  const flags = addressFlags();
  if (input.Id === 0 ? !flags.canCreate : !flags.canEdit) throw new ApiError(403, "Forbidden");
  if (!(await countryById(input.CountryId))) throw new ApiError(404, "CountryNotFound", { CountryId: [] });
  let id = input.Id;
  if (id === 0) id = await insertAddress(customerId, input, input.AddressType);
  else if (!(await updateAddress(customerId, id, input, input.AddressType))) throw new ApiError(404, "AddressNotFound");
  const saved = await customerAddress(customerId, id);
  if (!saved) throw new ApiError(404, "AddressNotFound");
  return saved;
}

export interface AddressPickerModel {
  use: "Billing" | "Shipping";
  addresses: SavedAddress[];
  /** The chosen address: the one asked for when it serves this use, else the first. */
  selected: SavedAddress | null;
  flags: AddressFlags;
}

/** The customer's addresses that serve as billing or as delivery address, and which one is chosen. */
export async function addressPicker(
  customerId: number,
  use: "Billing" | "Shipping",
  selectedId?: number | null,
): Promise<AddressPickerModel> {
  const addresses = (await customerAddresses(customerId)).filter((a) => servesAs(a.AddressType, use));
  // 0 asks for a new address typed in; no choice yet means the first saved one.
  const selected = selectedId === 0 ? null : (addresses.find((a) => a.Id === selectedId) ?? addresses[0] ?? null);
  return { use, addresses, selected, flags: addressFlags() };
}

/**
 * The checkout's two pickers for a signed-in customer (none for a guest), and the typed fields their
 * chosen saved addresses fill: hidden then, but scripts that read the billing names find them.
 */
export async function checkoutAddressPickers(
  customerId: number | null,
  choices: { billing: number | null; shipping: number | null },
): Promise<{
  billing: AddressPickerModel | null;
  shipping: AddressPickerModel | null;
  fields: Record<string, string>;
}> {
  if (!customerId) return { billing: null, shipping: null, fields: {} };
  const billing = await addressPicker(customerId, "Billing", choices.billing);
  const shipping = await addressPicker(customerId, "Shipping", choices.shipping);
  const fields: Record<string, string> = {};
  for (const picker of [billing, shipping]) {
    if (!picker.selected) continue;
    for (const [field, value] of Object.entries(picker.selected))
      if (field !== "Id" && field !== "AddressType")
        fields[`${picker.use}.${field}`] = value === null ? "" : String(value);
  }
  return { billing, shipping, fields };
}
