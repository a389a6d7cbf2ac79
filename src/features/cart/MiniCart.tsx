import { useStore } from "@nanostores/react";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { CartSummary } from "./cart";
import { $cart, $miniCartItems, CART_CHANGED_EVENT, loadMiniCartItems, runCartAction } from "./cart.store";

export interface MiniCartProps {
  summary: CartSummary;
  showTotal: boolean;
  cartUrl: string;
  culture: string;
  labels: { cart: string; countOne: string; countOther: string; showItems: string };
}

/**
 * Header cart: count and total following $cart; once hydrated, a panel with the cart's lines (the
 * server's fragment) where quantities change and lines go, through the same store actions as the cart
 * page. Without JavaScript it is the link to the cart page.
 */
export default function MiniCart({ summary, showTotal, cartUrl, culture, labels }: MiniCartProps) {
  const live = useStore($cart) ?? summary;
  const items = useStore($miniCartItems);
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState("");
  const panelId = useId();
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!open) return;
    void loadMiniCartItems(culture);
    const reload = () => void loadMiniCartItems(culture);
    document.addEventListener(CART_CHANGED_EVENT, reload);
    return () => document.removeEventListener(CART_CHANGED_EVENT, reload);
  }, [open, culture]);

  const countLabel = (
    new Intl.PluralRules(culture).select(live.ItemsCount) === "one" ? labels.countOne : labels.countOther
  ).replace("{count}", String(live.ItemsCount));

  const onSubmit = (event: FormEvent<HTMLDivElement>) => {
    const form = event.target as HTMLFormElement;
    const action = form.dataset.cartAction;
    if (action !== "quantity" && action !== "remove") return;
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
    void runCartAction(action, fields).then((outcome) => setProblem(outcome.ok ? "" : outcome.message));
  };

  return (
    <>
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
      {hydrated && (
        <button
          type="button"
          className="mini-cart__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          data-mini-cart-toggle
        >
          <span className="visually-hidden">{labels.showItems}</span>
          <span aria-hidden="true">▾</span>
        </button>
      )}
      {open && (
        <div id={panelId} className="mini-cart__panel" data-mini-cart-panel onSubmit={onSubmit}>
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
          {/* Our own server-rendered fragment: every text in it is escaped by Astro. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own escaped fragment */}
          <div dangerouslySetInnerHTML={{ __html: items ?? "" }} />
        </div>
      )}
    </>
  );
}
