import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import type { Flash } from "~/server/http/flash";
import { endpointsByKey, runNamedForm } from "~/server/http/form-endpoints";
import type { Session } from "~/server/session/session";
import * as wishlistEndpoints from "./wishlists.endpoints";
import { WISHLIST_FORMS } from "./wishlists.forms";
import type { OrderAllLine } from "./wishlists.server";

const byKey = endpointsByKey(wishlistEndpoints);

/**
 * The wishlist page's forms without JavaScript: the same endpoints the page's controller calls
 * (WISHLIST_FORMS), answered as a notice; deleting the list goes to the Uri it answers.
 */
export async function wishlistFormAction(
  session: Session,
  culture: Culture,
  form: FormData,
): Promise<{ flash: Flash; location?: string }> {
  const t = translator(culture);
  const run = await runNamedForm(WISHLIST_FORMS, byKey, form, session, culture);
  if (!run) return { flash: { kind: "error", message: t("Errors.ValidationFailed"), links: [] } };
  const { action, fields, outcome } = run;
  if (!outcome.ok) return { flash: { kind: "error", message: outcome.message, links: [] } };
  switch (action) {
    case "delete":
      return {
        flash: { kind: "success", message: t("Wishlist.Deleted"), links: [] },
        location: (outcome.answer as { Uri: string }).Uri,
      };
    case "remove":
      return { flash: { kind: "success", message: t("Catalog.ProductDeletedFromWishlist"), links: [] } };
    case "order-all":
      return {
        flash: orderAllNotice(culture, outcome.answer as { Lines: OrderAllLine[]; AddedCount: number }, fields),
      };
    default:
      return { flash: { kind: "success", message: t("Wishlist.Saved"), links: [] } };
  }
}

/** What order all did, in one notice: how many went to the cart, and each line that did not, with why. */
function orderAllNotice(
  culture: Culture,
  answer: { Lines: OrderAllLine[]; AddedCount: number },
  fields: Record<string, string>,
): Flash {
  const t = translator(culture);
  const refused = answer.Lines.filter((l) => !l.Added).map((l) =>
    t("Wishlist.OrderAllLine", { name: fields[`Name-${l.variantId}`] ?? `#${l.variantId}`, message: l.Message }),
  );
  return {
    kind: refused.length > 0 ? "error" : "success",
    message: [t("Wishlist.OrderAllDone", { count: answer.AddedCount }), ...refused].join(" "),
    links: answer.AddedCount > 0 ? [{ href: `/${culture}/shoppingcarts`, label: t("Cart.GoToBasket") }] : [],
  };
}
