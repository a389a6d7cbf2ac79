import { setCurrentCountry } from "~/features/cart/cart-detail.server";
import { isFormRefusal } from "~/server/http/errors";
import { formRoute } from "~/server/http/form-route";

/** The header's country selector without JavaScript: the same rule as the API, then back to the page. */
export const POST = formRoute({
  back: (culture) => `/${culture}/`,
  run: async (form, { session }) => {
    const code = String(form.get("currentCountry") ?? "").trim();
    // A country the shop does not sell to leaves the choice as it was, without a notice.
    if (/^[A-Za-z]{2}$/.test(code))
      await setCurrentCountry(session, code).catch((error: unknown) => {
        if (!isFormRefusal(error)) throw error;
      });
    return {};
  },
});
