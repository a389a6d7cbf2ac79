import { updateCustomerSecurity } from "~/features/customers/customers.server";
import type { Culture } from "~/lib/culture";
import { db } from "~/server/db/client";

/** The language the shop and its mails use for a customer. */
export async function setLanguage(customerId: number, culture: Culture): Promise<void> {
  await updateCustomerSecurity(db(), customerId, { culture });
}

/**
 * The language switch (and any page seen in another language) keeps a signed-in customer's choice:
 * one write when it changes, none on the pages after.
 */
export async function rememberLanguage(customer: { id: number; culture: string } | null, culture: Culture) {
  if (customer && customer.culture !== culture) await setLanguage(customer.id, culture);
}
