import { addLine } from "../../src/features/cart/cart.repository";
import { db } from "../../src/server/db/client";
import { sessionKey } from "../../src/server/session/session";

/** Puts a line on a session's cart the way the shop does (rules and stock left to the caller). */
export function giveSessionCart(sessionId: string, variantId: number, quantity: number): Promise<number> {
  return addLine(
    db(),
    { customerId: null, sessionKey: sessionKey(sessionId) },
    { variantId, itemOrigin: "Catalog", itemKey: "" },
    () => quantity,
  );
}
