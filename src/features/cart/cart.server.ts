import { variantTiers, vatRate } from "~/features/catalog/product/variants.server";
import { priceCountryCode } from "~/features/pricing/price-country.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { withVat } from "~/lib/money";
import { trackingItem } from "~/lib/tracking";
import { db } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/errors";
import { ApiError, errorBody, isFormRefusal } from "~/server/http/errors";
import type { Flash } from "~/server/http/flash";
import { ensureSession, type Session, sessionKey } from "~/server/session/session";
import {
  type AddToCartInput,
  type AddToCartResult,
  AddToCartSchema,
  type CartSummary,
  goodsSummary,
  type LineProblem,
  lineProblem,
  toSummary,
  unitPriceFor,
} from "./cart";
import { addLine, addLines, findCart, moveCart, saleableVariant, saleableVariants } from "./cart.repository";
import { keptCart } from "./kept-cart.server";

/** Throws the API error of a line the rules (422, with the value to use) or the stock (409) refuse. */
export function refuseLineProblem(problem: LineProblem, culture: Culture): void {
  const t = translator(culture);
  if (problem?.code === "QuantityRuleBroken")
    throw new ApiError(
      "QuantityRuleBroken",
      { Quantity: [t("Errors.QuantityRuleBroken", { suggested: problem.suggested })] },
      undefined,
      { suggested: problem.suggested },
    );
  if (problem?.code === "InsufficientStock")
    throw new ApiError(
      "InsufficientStock",
      { Quantity: [t("Errors.InsufficientStock", { available: problem.available })] },
      undefined,
      { available: problem.available },
    );
}

/** Whose cart a session's is: the signed-in customer's, else the session's own. */
export function cartOwner(session: Session): { customerId: number | null; sessionKey: string | null } {
  return { customerId: session.customerId, sessionKey: session.id ? sessionKey(session.id) : null };
}

/** The summary of the session's cart; no session or no cart is an empty cart. */
export async function cartSummary(session: Session, culture: Culture): Promise<CartSummary> {
  return (await cartSummaryWithClock(session, culture)).summary;
}

/**
 * The summary, and until when (epoch ms) it holds by the clock alone: a cart with a coupon is priced
 * again each minute (coupons begin and end, their uses run out); without one, null (only changes to the
 * cart or to public data change it).
 */
export async function cartSummaryWithClock(
  session: Session,
  culture: Culture,
): Promise<{ summary: CartSummary; until: number | null }> {
  const cart = await findCart(db(), cartOwner(session));
  if (!cart) return { summary: toSummary({ itemsCount: 0, amountTaxExcl: 0, amountTaxIncl: 0 }, culture), until: null };
  // Two light reads name the cart's content; pricing it (about ten statements) runs when it changed.
  const kept = await keptCart(session, cart, culture);
  return { summary: goodsSummary(kept.priced.totals, culture), until: kept.until };
}

/** After sign-in the session id changes: the cart follows, and merges into the customer's own cart. */
export async function adoptSessionCart(previousId: string | null, newId: string, customerId: number): Promise<void> {
  if (previousId) await moveCart(db(), sessionKey(previousId), sessionKey(newId), customerId);
}

/**
 * Adds units of a variant to the shopper's cart (created with the session on first use). The quantity
 * must obey the variant's rules and the line cannot hold more than the stock; the server prices the
 * line itself. Refusals are 422 (rules) or 409 (stock) with the value the shopper could use instead.
 */
export async function addToCart(session: Session, culture: Culture, input: AddToCartInput): Promise<AddToCartResult> {
  const t = translator(culture);
  const variant = await saleableVariant(db(), input.ProductVariantId, culture);
  if (!variant) throw new ApiError("ProductVariantNotFound", { ProductVariantId: [] });
  const rules = { min: variant.min_quantity, max: variant.max_quantity, step: variant.step_quantity };
  const id = await ensureSession(session);
  const check = (inCart: number) => {
    const problem = lineProblem(rules, variant.stock, inCart, input.Quantity);
    refuseLineProblem(problem, culture);
    return input.Quantity;
  };
  const owner = { customerId: session.customerId, sessionKey: sessionKey(id) };
  const line = { variantId: variant.id, itemOrigin: input.ItemOrigin, itemKey: input.ItemKey };
  try {
    await addLine(db(), owner, line, check);
  } catch (error) {
    // Two first adds of one session at once both create the cart: the second finds it on retry.
    if (!isUniqueViolation(error)) throw error;
    await addLine(db(), owner, line, check);
  }
  const rate = await vatRate(priceCountryCode(), variant.vat_class);
  const summary = await cartSummary(session, culture);
  const unitTaxIncl = withVat(await unitPrice(variant.id, input.Quantity), rate);
  return {
    Cart: summary,
    Message: t("Cart.Added", { name: variant.name, quantity: input.Quantity }),
    ProductVariantId: variant.id,
    Quantity: input.Quantity,
    Item: trackingItem({
      name: variant.name,
      variantId: variant.id,
      sku: variant.sku,
      priceCents: unitTaxIncl,
      brand: variant.brand,
      category: variant.category,
      quantity: input.Quantity,
      index: input.Index ?? 0,
    }),
  };
}

/** One line of a batch for `addManyToCart`. */
export interface BatchLine {
  ProductVariantId: number;
  Quantity: number;
  ItemOrigin: string;
  ItemKey: string;
}

/**
 * Adds several lines at once (a wishlist's "order all"), each under the same rules as `addToCart`
 * (quantity rules, stock): the variants are read in one query, the lines written in one transaction,
 * and the cart priced once at the end, whatever the number of lines. Each line says whether it went
 * in, with the shopper's message, or why not; a refused line leaves the others in.
 */
export async function addManyToCart(
  session: Session,
  culture: Culture,
  lines: readonly BatchLine[],
): Promise<{ results: { Added: boolean; Message: string }[]; Cart: CartSummary }> {
  const t = translator(culture);
  const variants = await saleableVariants(db(), [...new Set(lines.map((l) => l.ProductVariantId))], culture);
  const id = await ensureSession(session);
  const owner = { customerId: session.customerId, sessionKey: sessionKey(id) };
  const outcomes = await addLines(
    db(),
    owner,
    lines.map((l) => ({ variantId: l.ProductVariantId, itemOrigin: l.ItemOrigin, itemKey: l.ItemKey })),
    (index, inCart) => {
      const line = lines[index] as BatchLine;
      const variant = variants.find((v) => v.id === line.ProductVariantId);
      if (!variant) throw new ApiError("ProductVariantNotFound", { ProductVariantId: [] });
      const rules = { min: variant.min_quantity, max: variant.max_quantity, step: variant.step_quantity };
      refuseLineProblem(lineProblem(rules, variant.stock, inCart, line.Quantity), culture);
      return line.Quantity;
    },
  );
  const results = lines.map((line, index) => {
    const refusal = outcomes[index];
    if (refusal instanceof ApiError) {
      const body = errorBody(refusal, culture);
      return { Added: false, Message: body.Errors.Quantity?.[0] ?? body.Message };
    }
    if (refusal) throw refusal;
    const name = variants.find((v) => v.id === line.ProductVariantId)?.name ?? "";
    return { Added: true, Message: t("Cart.Added", { name, quantity: line.Quantity }) };
  });
  return { results, Cart: await cartSummary(session, culture) };
}

async function unitPrice(variantId: number, quantity: number): Promise<number> {
  const tiers = await variantTiers(db(), variantId);
  return unitPriceFor(
    tiers.map((t) => ({ minQuantity: t.min_quantity, amountTaxExcl: t.amount_tax_excl })),
    quantity,
  );
}

/** The add-to-cart form without JavaScript: the same service, answered as a notice for the next page. */
export async function addToCartFromForm(session: Session, culture: Culture, form: FormData): Promise<Flash> {
  const t = translator(culture);
  const parsed = AddToCartSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { kind: "error", message: t("Errors.ValidationFailed"), links: [] };
  try {
    const result = await addToCart(session, culture, parsed.data);
    return {
      kind: "success",
      message: result.Message,
      links: [{ href: `/${culture}/shoppingcarts`, label: t("Cart.GoToBasket") }],
    };
  } catch (error) {
    if (!isFormRefusal(error)) throw error;
    return {
      kind: "error",
      message: errorBody(error, culture).Errors.Quantity?.[0] ?? errorBody(error, culture).Message,
      links: [],
    };
  }
}

/** The cart's rows as the checkout and the pickup choice read and update them (its repositories stay private). */
export { findCart, findCartId } from "./cart.repository";
export { cartRow, detailedLines, emptyOrderedCart, updateCart } from "./cart-detail.repository";
