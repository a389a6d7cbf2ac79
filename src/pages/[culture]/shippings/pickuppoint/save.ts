import { SavedPickupPointSchema } from "~/features/pickup/pickup";
import { savePickupPoint } from "~/features/pickup/pickup.server";
import { translator } from "~/lib/i18n";
import { formRoute } from "~/server/http/form-route";

/** Choosing a pickup point without JavaScript: saved on the cart, then back to the checkout. */
export const POST = formRoute({
  back: (culture) => `/${culture}/checkout`,
  run: async (form, { session, culture }) => {
    const parsed = SavedPickupPointSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return { flash: { kind: "error", message: translator(culture)("Pickup.Error"), links: [] } };
    await savePickupPoint(session, culture, parsed.data);
    return {};
  },
});
