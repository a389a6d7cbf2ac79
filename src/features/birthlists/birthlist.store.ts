import { RequestError } from "../../shell/request-errors";
import type { CartSummary } from "../cart/cart";
import { cartChanged } from "../cart/cart.store";
import { BIRTHLIST_FORMS, type BirthListFormName } from "./birthlist.forms";
import { birthListApi } from "./birthlists.client";

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
    if (error instanceof RequestError && error.body && typeof error.body === "object") {
      const body = error.body as { Message?: string; Errors?: Record<string, string[]> };
      const first = Object.values(body.Errors ?? {}).find((m) => m.length > 0)?.[0];
      return { ok: false, message: first ?? body.Message ?? "" };
    }
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
    if (error instanceof RequestError && error.body && typeof error.body === "object")
      return { ok: false, message: (error.body as { Message?: string }).Message ?? "" };
    throw error;
  }
}
