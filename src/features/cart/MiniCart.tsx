import { useStore } from "@nanostores/react";
import type { CartSummary } from "./cart";
import { $cart } from "./cart.store";

export interface MiniCartProps {
  summary: CartSummary;
  showTotal: boolean;
  cartUrl: string;
  culture: string;
  labels: { cart: string; countOne: string; countOther: string };
}

/** Header cart link: count and total, following $cart once hydrated. */
export default function MiniCart({ summary, showTotal, cartUrl, culture, labels }: MiniCartProps) {
  const live = useStore($cart) ?? summary;
  const countLabel = (
    new Intl.PluralRules(culture).select(live.ItemsCount) === "one" ? labels.countOne : labels.countOther
  ).replace("{count}", String(live.ItemsCount));
  return (
    <a href={cartUrl} className="mini-cart__link">
      <span>{labels.cart} </span>
      <span className="mini-cart__count" data-cart-count aria-hidden="true">
        {live.ItemsCount}
      </span>
      <span className="visually-hidden" data-cart-count-label>
        {countLabel}
      </span>
      {showTotal && (
        <span className="mini-cart__total" data-cart-total>
          {live.AmountTaxInclHtml}
        </span>
      )}
    </a>
  );
}
