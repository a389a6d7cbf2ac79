import type { Address } from "~/features/account/addresses";
import { ownOrder } from "~/features/orders/orders.server";
import { countryById } from "~/features/pricing/pricing.server";
import { db } from "~/server/db/client";
import type { Session } from "~/server/session/session";

/** What the payment and hosted pages show: the order and the billing data the card form starts from. */
export async function paymentPage(session: Session, number: string) {
  const own = await ownOrder(session, number);
  if (!own) return null;
  const billing = JSON.parse(own.order.billing_address) as Address;
  const country = await countryById(db(), billing.CountryId);
  return {
    ...own,
    billing: {
      name: `${billing.FirstName} ${billing.LastName}`,
      street: billing.Street1,
      postalCode: billing.PostalCode,
      city: billing.City,
      country: country?.code ?? "BE",
    },
  };
}
