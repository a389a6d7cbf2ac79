import type { CartSummary } from "~/features/cart/cart";
import { cartChanged } from "~/features/cart/cart.store";
import { refusalMessage } from "~/shell/request-errors";
import { birthListApi } from "./birthlists.client";
import { BIRTHLIST_FORMS, type BirthListFormName } from "./birthlists.forms";

export type BirthListOutcome = { ok: true; answer: unknown } | { ok: false; message: string };

/**
 * One birth-list form as its API call (BIRTHLIST_FORMS); a gift's cart goes to $cart (the mini-cart
 * follows). A refusal the shopper can fix comes back as its message, the first field's when there is one.
 */
export async function runBirthListAction(
  action: BirthListFormName,
  fields: Record<string, string>,
): Promise<BirthListOutcome> {
  const form = BIRTHLIST_FORMS[action];
  try {
    const answer: unknown = await birthListApi.call(form.endpoint, form.request(fields) as never, {
      handled: [400, 404, 409, 422],
    });
    if (action === "gift") cartChanged((answer as { Cart: CartSummary }).Cart);
    return { ok: true, answer };
  } catch (error) {
    const refusal = refusalMessage(error);
    if (refusal) return { ok: false, message: refusal.message };
    throw error;
  }
}

/** Adds a variant to one of the customer's birth lists (the add dialog). */
export async function addToBirthList(variantId: number, birthListId: number): Promise<BirthListOutcome> {
  try {
    const answer = await birthListApi.call(
      "POST /birthlists/birthlist/addproductvariant",
      { body: { ProductVariantId: variantId, BirthListId: birthListId } },
      { handled: [400, 404, 422] },
    );
    return { ok: true, answer };
  } catch (error) {
    const refusal = refusalMessage(error);
    // Spec 001: a failed add shows the server's Message.
    if (refusal)
      return { ok: false, message: (error as { body: { Message?: string } }).body.Message ?? refusal.message };
    throw error;
  }
}
