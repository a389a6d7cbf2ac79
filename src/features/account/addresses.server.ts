import { forgetDefaultAddress, setDefaultAddress } from "~/features/customers/customers.server";
import { countryById } from "~/features/pricing/pricing.server";
import type { Culture } from "~/lib/culture";
import { safeReturnUrl } from "~/lib/url";
import { env } from "~/server/config/env";
import { db } from "~/server/db/client";
import { ApiError, type FieldErrors } from "~/server/http/errors";
import { handleFormPost } from "~/server/http/form-post";
import {
  type AddressForm,
  AddressFormSchema,
  accountTypeOf,
  addressIdParam,
  afterAddressSaved,
  servesAs,
} from "./addresses";
import {
  type AddressDefaults,
  addressDefaults,
  customerAddress,
  customerAddresses,
  deleteAddress,
  insertAddress,
  type SavedAddress,
  updateAddress,
} from "./addresses.repository";

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
  if (input.Id === 0 ? !flags.canCreate : !flags.canEdit) throw new ApiError("Forbidden");
  if (!(await countryById(db(), input.CountryId))) throw new ApiError("CountryNotFound", { CountryId: [] });
  let id = input.Id;
  if (id === 0) id = await insertAddress(db(), customerId, input, input.AddressType);
  else if (!(await updateAddress(db(), customerId, id, input, input.AddressType)))
    throw new ApiError("AddressNotFound");
  const saved = await customerAddress(db(), customerId, id);
  if (!saved) throw new ApiError("AddressNotFound");
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
  return pickerOf(await savedAddresses(customerId), use, selectedId);
}

/** The customer's saved addresses and which are the defaults, read together. */
async function savedAddresses(customerId: number) {
  const [saved, defaults] = await Promise.all([customerAddresses(db(), customerId), addressDefaults(db(), customerId)]);
  return { saved, defaults };
}

/** A picker from the customer's saved addresses and defaults, read once for both of the checkout's. */
function pickerOf(
  { saved, defaults }: Awaited<ReturnType<typeof savedAddresses>>,
  use: "Billing" | "Shipping",
  selectedId?: number | null,
): AddressPickerModel {
  const addresses = saved.filter((a) => servesAs(a.AddressType, use));
  const preferred = use === "Billing" ? defaults.billing : defaults.shipping;
  // 0 asks for a new address typed in; no choice yet means the default, else the first saved one.
  const selected =
    selectedId === 0
      ? null
      : (addresses.find((a) => a.Id === selectedId) ??
        addresses.find((a) => a.Id === preferred) ??
        addresses[0] ??
        null);
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
  const addresses = await savedAddresses(customerId);
  const billing = pickerOf(addresses, "Billing", choices.billing);
  const shipping = pickerOf(addresses, "Shipping", choices.shipping);
  const fields: Record<string, string> = {};
  for (const picker of [billing, shipping]) {
    if (!picker.selected) continue;
    for (const [field, value] of Object.entries(picker.selected))
      if (field !== "Id" && field !== "AddressType")
        fields[`${picker.use}.${field}`] = value === null ? "" : String(value);
  }
  return { billing, shipping, fields };
}

/** What the address popup page shows: its form (or why it is refused), or where it goes once saved. */
export type AddressPage =
  | { kind: "saved"; location: string }
  | { kind: "not-found" }
  | {
      kind: "form";
      status: number;
      /** Whether this customer may create (Id 0) or edit this address. */
      allowed: boolean;
      use: "Billing" | "Shipping";
      isNew: boolean;
      values: Record<string, string>;
      errors: FieldErrors;
      failure: string | null;
      returnUrl: string;
    };

/**
 * The address popup as a page (spec 001; without JavaScript): the query says which picker opened it
 * (`For`), which address (`Id`, 0 or none = new) and the pickers' choices; a GET shows the form, a POST
 * saves through the same rule as the API and goes back to the checkout with the address chosen, or shows
 * the form again with what was typed and what was refused.
 */
export async function addressPage(
  request: Request,
  culture: Culture,
  customerId: number,
  params: URLSearchParams,
): Promise<AddressPage> {
  const use: "Billing" | "Shipping" = params.get("For") === "Shipping" ? "Shipping" : "Billing";
  const returnUrl = safeReturnUrl(params.get("returnUrl"), `/${culture}/checkout`);
  const id = addressIdParam(params.get("Id")) ?? 0;
  const flags = addressFlags();
  let values: Record<string, string> = {
    Id: String(id),
    AddressType: use,
    AccountType: "Private",
    ExistingBillingAddressId: params.get("ExistingBillingAddressId") ?? "",
    ExistingShippingAddressId: params.get("ExistingShippingAddressId") ?? "",
  };
  if (id > 0) {
    const saved = await customerAddress(db(), customerId, id);
    if (!saved) return { kind: "not-found" };
    values = {
      ...values,
      ...Object.fromEntries(Object.entries(saved).map(([k, v]) => [k, v === null ? "" : String(v)])),
      AccountType: accountTypeOf(saved),
    };
  }
  const allowed = id === 0 ? flags.canCreate : flags.canEdit;
  const form = { kind: "form" as const, allowed, use, isNew: id === 0, returnUrl };
  if (!allowed) return { ...form, status: 403, values, errors: {}, failure: null };
  if (request.method !== "POST") return { ...form, status: 200, values, errors: {}, failure: null };

  // Hidden fields the page set (Id from the address asked for) win over what was posted.
  const shape = (posted: Record<string, string>) =>
    Object.fromEntries(Object.entries({ ...values, ...posted, Id: String(id) }).filter(([, v]) => v !== ""));
  const post = await handleFormPost(
    request,
    culture,
    AddressFormSchema,
    (input) => saveAddress(customerId, input),
    shape,
  );
  // The pickers' choices come from the query and the form's hidden fields alike.
  const typed = { ...values, ...post.values };
  if (post.result) {
    const other = use === "Billing" ? "Shipping" : "Billing";
    const location = afterAddressSaved(returnUrl, use, post.result.Id, typed[`Existing${other}AddressId`]);
    return { kind: "saved", location };
  }
  return { ...form, status: post.status, values: typed, errors: post.errors, failure: post.failure };
}

/** A saved address of the customer, as the checkout reads it when placing an order (the repository stays private). */
export { customerAddress } from "./addresses.repository";

/** The address book (account area): every address of the customer, and which serve by default. */
export async function addressBook(
  customerId: number,
): Promise<{ addresses: SavedAddress[]; defaults: AddressDefaults }> {
  const [addresses, defaults] = await Promise.all([
    customerAddresses(db(), customerId),
    addressDefaults(db(), customerId),
  ]);
  return { addresses, defaults };
}

export async function removeAddress(customerId: number, id: number): Promise<void> {
  if (!addressFlags().canEdit) throw new ApiError("Forbidden");
  const deleted = await db()
    .transaction()
    .execute(async (trx) => {
      if (!(await deleteAddress(trx, customerId, id))) return false;
      await forgetDefaultAddress(trx, customerId, id);
      return true;
    });
  if (!deleted) throw new ApiError("AddressNotFound");
}

/** Makes one of the customer's addresses the default billing or delivery address; it must serve that use. */
export async function chooseDefaultAddress(customerId: number, id: number, use: "Billing" | "Shipping"): Promise<void> {
  const address = await customerAddress(db(), customerId, id);
  if (!address) throw new ApiError("AddressNotFound");
  if (!servesAs(address.AddressType, use)) throw new ApiError("ValidationFailed", { Use: [] });
  await setDefaultAddress(db(), customerId, use, id);
}
