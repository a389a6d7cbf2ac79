import { randomBytes } from "node:crypto";
import { customerAddress } from "~/features/account/addresses.server";
import { cartOwner, detailedLines, emptyOrderedCart, findCart } from "~/features/cart/cart.server";
import { couponProblemFor, priceCart } from "~/features/cart/cart-pricing.server";
import { recordCouponUse } from "~/features/coupons/coupons.server";
import {
  announcePaidOrder,
  cartLinesForOrder,
  customerEmail,
  insertOrder,
  lockCart,
  lockCoupon,
  orderBecomesPaid,
  orderByKey,
  ownsOrder,
  recordStockTakes,
  StockShortage,
  takeUnits,
  tellMerchant,
} from "~/features/orders/orders.server";
import { paymentMethods, paymentsOpen } from "~/features/payment/payment.server";
import { InsufficientCredit, ownPrepaidAccount, payFromAccount } from "~/features/prepaid/prepaid.server";
import { priceCountryCode } from "~/features/pricing/price-country.server";
import { countryById } from "~/features/pricing/pricing.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { db } from "~/server/db/client";
import { isUniqueViolation } from "~/server/db/errors";
import { ApiError } from "~/server/http/errors";
import { orderMetrics } from "~/server/observability/metrics";
import { type Session, sessionKey } from "~/server/session/session";
import type { Address, CheckoutInput } from "./checkout";

export interface PlacedOrder {
  OrderId: number;
  OrderNumber: string;
  Status: string;
  TotalTaxIncl: number;
  /** Where the shopper pays (the payment page of this order). */
  PaymentUrl: string;
}

function orderNumber(): string {
  return `VT-${randomBytes(5).toString("hex").toUpperCase()}`;
}

function placed(order: { id: number; number: string; status: string; total_tax_incl: number }, culture: Culture) {
  return {
    OrderId: order.id,
    OrderNumber: order.number,
    Status: order.status,
    TotalTaxIncl: order.total_tax_incl,
    PaymentUrl: `/${culture}/sales/order/${order.number}/payment`,
  };
}

async function resolveAddress(
  session: Session,
  typed: Address | undefined,
  savedId: number | undefined,
): Promise<Address | null> {
  if (savedId) {
    if (!session.customerId) throw new ApiError("Unauthorized");
    const saved = await customerAddress(db(), session.customerId, savedId);
    if (!saved) throw new ApiError("AddressNotFound");
    return saved;
  }
  return typed ?? null;
}

/**
 * Places the order of the shopper's cart in one transaction: the lines are locked and re-read, every
 * unit is taken from stock with updates that cannot oversell, the coupon's limits are checked again
 * and its use counted, totals and VAT come from the server's prices, and the cart is emptied. The same
 * idempotency key always answers the same order (double submits, retries).
 */
export async function placeOrder(session: Session, culture: Culture, input: CheckoutInput): Promise<PlacedOrder> {
  try {
    const placed = await placeOrderOnce(session, culture, input);
    orderMetrics().placed.inc();
    return placed;
  } catch (error) {
    // A twin submit of the same key may have committed the order (and emptied the cart) between our
    // first look and now: before saying the cart is empty or changed, or that the key is taken, look again.
    const refusal = error instanceof ApiError && (error.code === "CartEmpty" || error.code === "CartChanged");
    if (!refusal && !isUniqueViolation(error)) throw error;
    const winner = await orderByKey(db(), input.IdempotencyKey);
    if (!winner) throw error;
    if (!ownsOrder(session, winner)) throw new ApiError("IdempotencyKeyReused");
    return placed(winner, culture);
  }
}

async function placeOrderOnce(session: Session, culture: Culture, input: CheckoutInput): Promise<PlacedOrder> {
  const previous = await orderByKey(db(), input.IdempotencyKey);
  const order =
    previous ??
    (await commit(
      session,
      culture,
      input,
      await offeredMethod(
        session,
        culture,
        input,
        await price(session, culture, await validate(session, culture, input)),
      ),
    ));
  // Credit that paid it all: no payment will confirm it, so the order says so now.
  if (!previous && order.status === "Paid") await announcePaidOrder(order.id);
  if (!ownsOrder(session, order)) throw new ApiError("IdempotencyKeyReused");
  return placed(order, culture);
}

/** Step 1: the shopper's cart and what they typed, checked: lines, e-mail, billing and shipping addresses. */
async function validate(session: Session, culture: Culture, input: CheckoutInput) {
  const t = translator(culture);
  const cart = await findCart(db(), cartOwner(session));
  const cartId = cart?.id ?? null;
  const lines = cartId ? await detailedLines(db(), cartId, culture) : [];
  if (!cartId || !cart || lines.length === 0) throw new ApiError("CartEmpty");
  const email = session.customerId ? await customerEmail(db(), session.customerId) : input.Email;
  if (!email) throw new ApiError("ValidationFailed", { Email: [t("Errors.Required")] });
  const billing = await resolveAddress(session, input.Billing, input.ExistingBillingAddressId);
  if (!billing) throw new ApiError("ValidationFailed", { Billing: [t("Errors.Required")] });
  if (!(await countryById(db(), billing.CountryId))) throw new ApiError("CountryNotFound", { "Billing.CountryId": [] });
  const shippingAddress = input.ShippingSameAsBilling
    ? billing
    : ((await resolveAddress(session, input.Shipping, input.ExistingShippingAddressId)) ?? billing);
  return { cartId, cart, lines, email, billing, shippingAddress };
}

type Validated = Awaited<ReturnType<typeof validate>>;

/**
 * Step 2: the server's prices (the same function as the cart page) and the rules that depend on them:
 * a shipping method and its pickup point, the shipping country, reverse charge's billing country, the coupon.
 */
async function price(session: Session, culture: Culture, order: Validated) {
  const t = translator(culture);
  const { cart, billing, shippingAddress } = order;
  const priced = await priceCart(cart, order.lines, culture, { customerId: session.customerId, email: order.email });
  const method = priced.shippingMethod;
  if (!method) throw new ApiError("ShippingMethodUnavailable", { ShippingMethodId: [] });
  const saved = cart.pickup_point ? (JSON.parse(cart.pickup_point) as Record<string, unknown>) : null;
  // The pickup point's shipping names are the billing names (spec 001 section 3).
  const pickupPoint = saved
    ? {
        ...saved,
        ShippingFirstName: saved.ShippingFirstName || billing.FirstName,
        ShippingLastName: saved.ShippingLastName || billing.LastName,
      }
    : null;
  if (method.kind !== "home" && !pickupPoint)
    throw new ApiError("PickupPointRequired", { ShippingMethodId: [t("Errors.PickupPointRequired")] });
  if (method.kind === "home" && shippingAddress.CountryId !== priced.shippingCountry.id)
    throw new ApiError("ShippingCountryMismatch", { "Shipping.CountryId": [t("Errors.ShippingCountryMismatch")] });
  // Reverse charge rests on a VAT number confirmed for the billing country chosen on the cart: the
  // invoice must be addressed there.
  if (priced.reverseCharge && billing.CountryId !== priced.billingCountry.id)
    throw new ApiError("BillingCountryMismatch", { "Billing.CountryId": [t("Errors.BillingCountryMismatch")] });
  if (priced.coupon && priced.couponProblem)
    throw new ApiError("CouponNotValid", { CouponCode: [t(`Errors.${priced.couponProblem}`)] });
  return { ...order, priced, method, pickupPoint };
}

type Priced = Awaited<ReturnType<typeof price>>;

/**
 * The payment method chosen must be one the provider takes from this shopper (cards always are). Without
 * a provider (PAYMENT_PROVIDER=none) only credit can pay: an order it does not cover is refused before
 * anything is written, not taken to be released unpaid an hour later.
 */
async function offeredMethod(session: Session, culture: Culture, input: CheckoutInput, order: Priced) {
  if (!paymentsOpen() && !input.PrepaidAccountId) throw new ApiError("PaymentNotConfigured");
  if (input.PaymentMethod === "card") return order;
  const offered = await paymentMethods(priceCountryCode(session), order.priced.totals.totalTaxIncl, culture);
  if (offered.length && !offered.includes(input.PaymentMethod)) {
    const t = translator(culture);
    throw new ApiError("PaymentMethodUnavailable", { PaymentMethod: [t("Errors.PaymentMethodUnavailable")] });
  }
  return order;
}

/**
 * Step 3, one transaction: the cart is locked and must be the one priced, the coupon's limits are
 * checked again, units are taken from stock (never oversold), the order and its lines are written,
 * the coupon's use counted and the cart emptied.
 */
async function commit(session: Session, culture: Culture, input: CheckoutInput, order: Priced) {
  const t = translator(culture);
  const { priced, cartId, email } = order;
  const now = new Date();
  try {
    return await db()
      .transaction()
      .execute(async (trx) => {
        const locked = await lockCart(trx, cartId);
        // A double submit waited for the first one's lock: it answers the order the first one placed.
        const twin = await orderByKey(trx, input.IdempotencyKey);
        if (twin) return twin;
        const current = await cartLinesForOrder(trx, cartId);
        const same =
          locked &&
          current.length === priced.lines.length &&
          current.every((l) => priced.lines.some((p) => p.id === l.id && p.quantity === l.quantity));
        if (!same) throw new ApiError(current.length ? "CartChanged" : "CartEmpty");
        if (priced.coupon) await recheckCoupon(trx, session, culture, order, now);
        // Prepaid credit is a service: nothing to take from a shelf.
        const takes = await takeUnits(
          trx,
          priced.lines.filter((l) => l.prepaid_account_id === null),
        );
        const row = orderRow(session, culture, input, order, now);
        const prepaid = await prepaidPart(trx, session, culture, input, order);
        // Credit short of the total without a provider: the rest could not be paid (all rolled back).
        if (!paymentsOpen() && (prepaid?.amount ?? 0) < row.total_tax_incl) throw new ApiError("PaymentNotConfigured");
        if (prepaid) {
          row.prepaid_account_id = prepaid.accountId;
          row.prepaid_amount = prepaid.amount;
        }
        const id = await insertOrder(trx, row, orderLineRows(order));
        await tellMerchant(trx, "order.placed", id);
        if (prepaid) {
          await payFromAccount(trx, {
            accountId: prepaid.accountId,
            customerId: session.customerId as number,
            amount: prepaid.amount,
            orderId: id,
          });
          // Credit that covers the whole order pays it, as a card would: gifts, top-ups and all.
          if (
            prepaid.amount === row.total_tax_incl &&
            (await orderBecomesPaid(trx, id, "AwaitingPayment", now.toISOString()))
          ) {
            row.status = "Paid";
            row.paid_at = now.toISOString();
          }
        }
        await recordStockTakes(trx, id, takes);
        if (priced.coupon)
          await recordCouponUse(trx, {
            couponId: priced.coupon.id,
            orderId: id,
            customerId: session.customerId,
            email,
            at: now.toISOString(),
          });
        await emptyOrderedCart(trx, cartId, now.toISOString());
        return { ...row, id };
      });
  } catch (error) {
    if (error instanceof InsufficientCredit)
      throw new ApiError("InsufficientCredit", { PrepaidAccountId: [t("Errors.InsufficientCredit")] });
    if (error instanceof StockShortage) {
      const line = priced.lines.find((l) => l.variant_id === error.variantId);
      throw new ApiError(
        "InsufficientStock",
        { Quantity: [t("Errors.InsufficientStockFor", { name: line?.name ?? "", available: error.available })] },
        undefined,
        { available: error.available },
      );
    }
    throw error;
  }
}

/**
 * What the chosen prepaid account pays of the order, read under the order's transaction: its balance,
 * at most the total. Credit does not buy credit; only the account's owner spends it.
 */
async function prepaidPart(
  trx: Parameters<typeof lockCoupon>[0],
  session: Session,
  culture: Culture,
  input: CheckoutInput,
  order: Priced,
): Promise<{ accountId: number; amount: number } | null> {
  if (!input.PrepaidAccountId) return null;
  const t = translator(culture);
  if (!session.customerId) throw new ApiError("Unauthorized");
  if (order.priced.lines.some((l) => l.prepaid_account_id !== null))
    throw new ApiError(
      "ValidationFailed",
      { PrepaidAccountId: [t("Errors.PrepaidBuysNoCredit")] },
      "Errors.PrepaidBuysNoCredit",
    );
  const account = await ownPrepaidAccount(trx, session.customerId, input.PrepaidAccountId);
  if (!account) throw new ApiError("NotFound", { PrepaidAccountId: [] });
  const amount = Math.min(account.balance, order.priced.totals.totalTaxIncl);
  return amount > 0 ? { accountId: account.id, amount } : null;
}

/** The coupon's limits again, under its lock: another order may have used it since the cart was priced. */
async function recheckCoupon(
  trx: Parameters<typeof lockCoupon>[0],
  session: Session,
  culture: Culture,
  order: Priced,
  now: Date,
) {
  const { priced } = order;
  const coupon = priced.coupon;
  if (!coupon) return;
  await lockCoupon(trx, coupon.id);
  const shopper = { customerId: session.customerId, email: order.email };
  const problem = await couponProblemFor(coupon, priced.totalsLines, shopper, now, trx);
  if (problem) throw new ApiError("CouponNotValid", { CouponCode: [translator(culture)(`Errors.${problem}`)] });
}

function orderRow(session: Session, culture: Culture, input: CheckoutInput, order: Priced, now: Date) {
  const { priced, method, billing, cart } = order;
  return {
    number: orderNumber(),
    idempotency_key: input.IdempotencyKey,
    customer_id: session.customerId,
    session_key: session.id ? sessionKey(session.id) : null,
    email: order.email,
    culture,
    status: "AwaitingPayment",
    shipping_method_id: method.id,
    billing_country_id: billing.CountryId,
    shipping_country_id: priced.shippingCountry.id,
    vat_number: cart.vat_valid === 1 ? cart.vat_number : null,
    reverse_charge: priced.reverseCharge ? 1 : 0,
    coupon_id: priced.coupon?.id ?? null,
    items_tax_excl: priced.totals.itemsTaxExcl,
    discount_tax_excl: priced.totals.discountTaxExcl,
    shipping_tax_excl: priced.totals.shippingTaxExcl,
    shipping_tax_incl: priced.totals.shippingTaxIncl,
    access_key: session.customerId === null ? randomBytes(16).toString("base64url") : null,
    discount_tax_incl: priced.totals.discountTaxIncl,
    vat_amount: priced.totals.vat,
    total_tax_incl: priced.totals.totalTaxIncl,
    billing_address: JSON.stringify(billing),
    shipping_address: JSON.stringify({
      method: method.name,
      kind: method.kind,
      ...(method.kind === "home" ? { address: order.shippingAddress } : { pickupPoint: order.pickupPoint }),
    }),
    created_at: now.toISOString(),
    paid_at: null as string | null,
    prepaid_account_id: null as number | null,
    prepaid_amount: 0,
    payment_method: input.PaymentMethod,
    chargeback_at: null,
    shipped_at: null,
  };
}

function orderLineRows({ priced }: Priced) {
  return priced.lines.map((l) => ({
    variant_id: l.variant_id,
    sku: l.sku,
    name: [l.name, ...l.options].join(" · "),
    quantity: l.quantity,
    unit_tax_excl: l.unitTaxExcl,
    vat_rate_basis_points: priced.reverseCharge ? 0 : l.vatRateBasisPoints,
    line_tax_excl: l.unitTaxExcl * l.quantity,
    prepaid_account_id: l.prepaid_account_id,
    birth_list_item_id: l.item_origin === "BirthList" && /^\d+$/.test(l.item_key) ? Number(l.item_key) : null,
  }));
}
