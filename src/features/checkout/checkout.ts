import { z } from "zod";
import { AddressSchema, formFlag } from "~/features/account/addresses";
import { PAYMENT_METHODS } from "~/features/payment/payment";

// The address book is the account's; the checkout form is made of its addresses.
export * from "~/features/account/addresses";

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const flag = formFlag;

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
    /** Card, Bancontact or iDEAL: what the configured provider offers the shopper's country (issue 34). */
    PaymentMethod: z.enum(PAYMENT_METHODS).default("card"),
    /** Pay what the account holds from this prepaid account (spec 001's prepaid account choice); the rest by card. */
    PrepaidAccountId: id.optional(),
  })
  .refine((v) => v.AcceptTerms, { path: ["AcceptTerms"], message: "required" })
  .refine((v) => v.Billing || v.ExistingBillingAddressId, { path: ["Billing"], message: "required" });
export type CheckoutInput = z.infer<typeof CheckoutSchema>;

export { ORDER_STATUSES, type OrderStatus } from "~/features/orders/order-status";

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
  // A saved address chosen, or a billing group left blank, is not an address typed in. Delivery fields
  // left blank while "deliver to the billing address" is unticked stay, so each says it is required.
  for (const group of ["Billing", "Shipping"] as const) {
    const bag = nested[group] as Record<string, string> | undefined;
    const blank = bag && Object.entries(bag).every(([field, v]) => field === "CountryId" || v.trim() === "");
    if (nested[`Existing${group}AddressId`] || (blank && group === "Billing")) delete nested[group];
  }
  return nested;
}
