import { addToCartFromForm } from "~/features/cart/cart.server";
import { formRoute } from "~/server/http/form-route";

/** Add to cart without JavaScript: the same rules as the API, then back to the page with a notice. */
export const POST = formRoute({
  back: (culture) => `/${culture}/`,
  run: async (form, { session, culture }) => ({ flash: await addToCartFromForm(session, culture, form) }),
});
