import { cartFormAction } from "~/features/cart/cart-forms.server";
import { vatForm } from "~/features/checkout/checkout-forms.server";
import { formRoute } from "~/server/http/form-route";

/** The cart page's and checkout's forms without JavaScript: one action each, then back with a notice. */
export const POST = formRoute({
  back: (culture) => `/${culture}/shoppingcarts`,
  run: async (form, { session, culture }) => ({
    flash:
      form.get("action") === "vat"
        ? await vatForm(session, culture, Object.fromEntries(form) as Record<string, string>)
        : await cartFormAction(session, culture, form),
  }),
});
