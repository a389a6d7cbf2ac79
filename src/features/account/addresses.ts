import { z } from "zod";

const text = (max: number) => z.string().trim().min(1).max(max);
// null too: a saved address sent back as the API answered it (Street2: null) is valid.
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
/** A checkbox as a form posts it ("on", or absent) or as JSON sends it (true/false). */
export const formFlag = z
  .union([z.boolean(), z.enum(["true", "false", "on", "1", "0", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on" || v === "1");

const id = z.coerce.number().int().min(1).max(2_147_483_647);

/** A postal address as the address form of spec 001 section 3 holds it. */
export const AddressSchema = z.object({
  FirstName: text(80),
  LastName: text(80),
  Company: optionalText(120),
  Street1: text(160),
  Street2: optionalText(160),
  PostalCode: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z][0-9A-Za-z -]{1,9}$/),
  City: text(80),
  CountryId: id,
  Phone: optionalText(40),
});
export type Address = z.infer<typeof AddressSchema>;

export const ADDRESS_TYPES = ["Billing", "Shipping", "Both"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const ACCOUNT_TYPES = ["Private", "Business"] as const;

/**
 * The address popup's form (spec 001 section 3): Id 0 creates; AddressType says where it is used;
 * AccountType Business makes the company name required. Existing*AddressId carry the checkout's
 * current choices through a popup opened without JavaScript, so nothing chosen is lost.
 */
export const AddressFormSchema = AddressSchema.extend({
  Id: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  AddressType: z.enum(ADDRESS_TYPES).default("Both"),
  AccountType: z.enum(ACCOUNT_TYPES).default("Private"),
  ExistingBillingAddressId: id.optional(),
  ExistingShippingAddressId: id.optional(),
}).refine((v) => v.AccountType !== "Business" || v.Company, { path: ["Company"], message: "required" });
export type AddressForm = z.infer<typeof AddressFormSchema>;

/** A customer's saved address, as the API answers it. */
export interface SavedAddress extends Address {
  Id: number;
  AddressType: AddressType;
}

/** A saved address offered by the picker of `use` (a Both address serves either). */
export function servesAs(addressType: AddressType, use: "Billing" | "Shipping"): boolean {
  return addressType === "Both" || addressType === use;
}

/** The account type an address is shown with when edited: a company name means a business. */
export function accountTypeOf(address: Pick<Address, "Company">): (typeof ACCOUNT_TYPES)[number] {
  return address.Company ? "Business" : "Private";
}

/** An address id from a query or form value: null when absent or not an id, 0 for "a new address" (""). */
export function addressIdParam(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  if (raw === "" || raw === "0") return 0;
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) < 2_147_483_647 ? Number(raw) : null;
}

/**
 * Where the address popup returns once it saved: the checkout with the saved address chosen in the
 * picker it was opened from and the other picker's choice kept; a delivery address also unticks
 * "deliver to the billing address".
 */
export function afterAddressSaved(
  returnUrl: string,
  use: "Billing" | "Shipping",
  savedId: number,
  otherChoice: string | undefined,
): string {
  const back = new URL(returnUrl, "http://same.site");
  back.searchParams.set(`Existing${use}AddressId`, String(savedId));
  const other = use === "Billing" ? "Shipping" : "Billing";
  const kept = addressIdParam(otherChoice);
  if (kept) back.searchParams.set(`Existing${other}AddressId`, String(kept));
  if (use === "Shipping") back.searchParams.set("ShippingSameAsBilling", "false");
  return `${back.pathname}${back.search}`;
}
