import { z } from "zod";

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on", "1", "0", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on" || v === "1");

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

/** The address popup's form: Id 0 creates; AddressType says where it is used. */
export const AddressFormSchema = AddressSchema.extend({
  Id: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  AddressType: z.enum(["Billing", "Shipping", "Both"]).default("Both"),
});

/**
 * The one-step checkout form. A signed-in customer may pick saved addresses (Existing*AddressId); a
 * guest types them. Amounts are never part of it: the server prices the cart itself.
 */
export const CheckoutSchema = z
  .object({
    IdempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
    Email: z.string().trim().toLowerCase().pipe(z.email()).optional(),
    ExistingBillingAddressId: id.optional(),
    ExistingShippingAddressId: id.optional(),
    Billing: AddressSchema.optional(),
    Shipping: AddressSchema.optional(),
    ShippingSameAsBilling: flag,
    AcceptTerms: flag,
    PaymentMethod: z.enum(["card"]).default("card"),
  })
  .refine((v) => v.AcceptTerms, { path: ["AcceptTerms"], message: "required" })
  .refine((v) => v.Billing || v.ExistingBillingAddressId, { path: ["Billing"], message: "required" });
export type CheckoutInput = z.infer<typeof CheckoutSchema>;

/** Order states: placed and awaiting its payment, paid (a webhook said so), cancelled. */
export const ORDER_STATUSES = ["AwaitingPayment", "Paid", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Reads the checkout form as posted without JavaScript (flat names such as `Billing.FirstName`) into
 * the shape the JSON API takes.
 */
export function checkoutFromForm(form: Record<string, string>): Record<string, unknown> {
  const nested: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(form)) {
    const [group, field] = name.split(".");
    if (field && (group === "Billing" || group === "Shipping")) {
      const bag = (nested[group] as Record<string, string> | undefined) ?? {};
      bag[field] = value;
      nested[group] = bag;
    } else if (value !== "") nested[name] = value;
  }
  if (nested.ShippingSameAsBilling === "on" || nested.ShippingSameAsBilling === "true") delete nested.Shipping;
  // A saved address chosen, or a group left blank, is not an address typed in.
  for (const group of ["Billing", "Shipping"] as const) {
    const bag = nested[group] as Record<string, string> | undefined;
    const blank = bag && Object.entries(bag).every(([field, v]) => field === "CountryId" || v.trim() === "");
    if (nested[`Existing${group}AddressId`] || blank) delete nested[group];
  }
  return nested;
}
