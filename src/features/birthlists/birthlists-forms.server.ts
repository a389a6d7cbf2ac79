import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import type { Flash } from "~/server/http/flash";
import { endpointsByKey, runNamedForm } from "~/server/http/form-endpoints";
import type { Session } from "~/server/session/session";
import * as birthListEndpoints from "./birthlists.endpoints";
import { BIRTHLIST_FORMS } from "./birthlists.forms";

const byKey = endpointsByKey(birthListEndpoints);

/**
 * The birth-list pages' forms without JavaScript: the same endpoints the controller calls
 * (BIRTHLIST_FORMS), answered as a notice; a deleted list and a new one go to the Uri answered.
 */
export async function birthListFormAction(
  session: Session,
  culture: Culture,
  form: FormData,
): Promise<{ flash: Flash; location?: string }> {
  const t = translator(culture);
  const run = await runNamedForm(BIRTHLIST_FORMS, byKey, form, session, culture);
  if (!run) return { flash: { kind: "error", message: t("Errors.ValidationFailed"), links: [] } };
  const { action, outcome } = run;
  if (!outcome.ok) return { flash: { kind: "error", message: outcome.message, links: [] } };
  const answer = outcome.answer as { Uri?: string; Message?: string };
  switch (action) {
    case "delete":
      return { flash: { kind: "success", message: t("BirthList.Deleted"), links: [] }, location: answer.Uri };
    case "create":
      return { flash: { kind: "success", message: t("BirthList.Created"), links: [] }, location: answer.Uri };
    case "remove":
      return { flash: { kind: "success", message: t("Catalog.ProductDeletedFromWishlist"), links: [] } };
    case "order-all": {
      const result = outcome.answer as { Lines: { Added: boolean; Message: string }[]; AddedCount: number };
      const refused = result.Lines.filter((l) => !l.Added).map((l) => l.Message);
      return {
        flash: {
          kind: refused.length > 0 ? "error" : "success",
          message: [t("Wishlist.OrderAllDone", { count: result.AddedCount }), ...refused].join(" "),
          links: result.AddedCount > 0 ? [{ href: `/${culture}/shoppingcarts`, label: t("Cart.GoToBasket") }] : [],
        },
      };
    }
    case "gift":
      return {
        flash: {
          kind: "success",
          message: answer.Message ?? "",
          links: [{ href: `/${culture}/shoppingcarts`, label: t("Cart.GoToBasket") }],
        },
      };
    default:
      return { flash: { kind: "success", message: t("Wishlist.Saved"), links: [] } };
  }
}
