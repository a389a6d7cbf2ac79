import { rememberLanguage } from "~/features/account/profile.server";
import { myBirthLists } from "~/features/birthlists/birthlists.server";
import { cartSummaryWithClock } from "~/features/cart/cart.server";
import { currentCustomer } from "~/features/customers/customers.server";
import { priceCountryCode } from "~/features/pricing/price-country.server";
import { wishedVariants, wishlistCount } from "~/features/wishlists/wishlists.server";
import type { Culture } from "~/lib/culture";
import { dependsOn, LISTS_TAG } from "~/server/page-cache/tags";
import type { Session } from "~/server/session/session";
import { type ShopperSummary, SUMMARY_MAX_WISHED } from "./shopper";

/**
 * What a shared page leaves to the shopper's browser (decision 062), read in one go: each feature answers
 * for its own part. A visitor without a session gets the anonymous answer without a query. With it, until
 * when (epoch ms) it holds by the clock alone (null: until her session, her account or public data
 * change; decision 063). Prices are public data: every price change bumps
 * `lists`, so an answer kept with that tag is made again after one.
 */
export async function shopperSummaryWithClock(
  session: Session,
  culture: Culture,
): Promise<{ summary: ShopperSummary; until: number | null }> {
  dependsOn(LISTS_TAG);
  const customer = await currentCustomer(session);
  const customerId = customer?.id ?? null;
  const [cart, wished, count, birthLists] = await Promise.all([
    cartSummaryWithClock(session, culture),
    customerId === null ? [] : wishedVariants(customerId),
    customerId === null ? 0 : wishlistCount(customerId),
    customerId === null ? [] : myBirthLists(customerId),
    // The language a signed-in customer browses in is the one her mails use (the header did it before).
    rememberLanguage(customer, culture),
  ]);
  const summary: ShopperSummary = {
    Customer: customer
      ? { FirstName: customer.firstName, IsBusiness: customer.isBusiness, HasBirthLists: birthLists.length > 0 }
      : null,
    Cart: cart.summary,
    Wishlist: { Count: Number(count), VariantIds: wished.slice(0, SUMMARY_MAX_WISHED) },
    Country: priceCountryCode(session),
  };
  return { summary, until: cart.until };
}
