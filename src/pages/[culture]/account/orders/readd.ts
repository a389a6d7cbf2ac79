import { ReAddSchema, reAddOrderLine } from "~/features/orders/orders.server";
import { translator } from "~/lib/i18n";
import { formRoute } from "~/server/http/form-route";

/** Re-adding an order's item without JavaScript: the same service as PUT /api/v1/sales/orders/addtocart. */
export const POST = formRoute({
  back: (culture) => `/${culture}/account/orders`,
  run: async (form, { session, culture }) => {
    const t = translator(culture);
    const parsed = ReAddSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return { flash: { kind: "error", message: t("Errors.ValidationFailed"), links: [] } };
    const result = await reAddOrderLine(session, culture, parsed.data);
    return {
      flash: {
        kind: "success",
        message: result.Message,
        links: [{ href: `/${culture}/shoppingcarts`, label: t("Cart.GoToBasket") }],
      },
    };
  },
});
