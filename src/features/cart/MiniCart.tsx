import { useStore } from "@nanostores/react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import LineIcon from "~/components/ui/LineIcon";
import { pluralRules } from "~/lib/intl";
import type { CartSummary } from "./cart";
import { $cart, $miniCartItems, CART_CHANGED_EVENT, loadMiniCartItems, runCartAction } from "./cart.store";

export interface MiniCartProps {
  summary: CartSummary;
  showTotal: boolean;
  cartUrl: string;
  culture: string;
  labels: { cart: string; countOne: string; countOther: string; showItems: string; close: string; goToCart: string };
}

/**
 * Header cart: count and total following $cart; once hydrated, a panel with the cart's lines (the
 * server's fragment) where quantities change and lines go, through the same store actions as the cart
 * page. Without JavaScript it is the link to the cart page.
 */
export default function MiniCart({ summary, showTotal, cartUrl, culture, labels }: MiniCartProps) {
  const stored = useStore($cart);
  const items = useStore($miniCartItems);
  const [hydrated, setHydrated] = useState(false);
  // Hydration renders what the server's HTML shows (its props, which the mini-cart-count controller keeps
  // in step): the island hydrates on cart:changed, when $cart already holds the new summary, and a first
  // render from it would not match that HTML (React's error #418). The store takes over right after.
  const live = (hydrated ? stored : null) ?? summary;
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState("");
  const panelId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => setHydrated(true), []);
  // A side panel (off-canvas): focus goes in, the page behind keeps still, Escape closes, and focus
  // comes back to the toggle.
  const close = (returnFocus: boolean) => {
    setOpen(false);
    document.body.classList.remove("has-off-canvas");
    if (returnFocus) toggleRef.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    document.body.classList.add("has-off-canvas");
    panelRef.current?.focus();
    const leave = () => {
      setOpen(false);
      document.body.classList.remove("has-off-canvas");
    };
    document.addEventListener("page:leave", leave);
    return () => document.removeEventListener("page:leave", leave);
  }, [open]);
  const onPanelKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key !== "Tab" || !panelRef.current) return;
    const focusables = Array.from(
      panelRef.current.querySelectorAll<HTMLElement>(
        "a[href], button:not([disabled]), input:not([type=hidden]), select",
      ),
    );
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  useEffect(() => {
    if (!open) return;
    void loadMiniCartItems(culture);
    const reload = () => void loadMiniCartItems(culture);
    document.addEventListener(CART_CHANGED_EVENT, reload);
    return () => document.removeEventListener(CART_CHANGED_EVENT, reload);
  }, [open, culture]);

  // Not known yet (a page shared by every shopper, before her summary): an empty badge keeps its room.
  const pending = live.ItemsCount < 0;
  const countLabel = pending
    ? ""
    : (pluralRules(culture).select(live.ItemsCount) === "one" ? labels.countOne : labels.countOther).replace(
        "{count}",
        String(live.ItemsCount),
      );

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
      <a href={cartUrl} className="mini-cart__link icon-button">
        <LineIcon name="bag" />
        <span className="visually-hidden-narrow">{labels.cart} </span>
        <span className="mini-cart__count" data-cart-count aria-hidden="true">
          {pending ? "" : live.ItemsCount}
        </span>
        <span className="visually-hidden" data-cart-count-label>
          {countLabel}
        </span>
        {showTotal && (
          <span className="mini-cart__total visually-hidden-narrow" data-cart-total>
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
          onClick={() => (open ? close(true) : setOpen(true))}
          ref={toggleRef}
          data-mini-cart-toggle
        >
          <span className="visually-hidden">{labels.showItems}</span>
          <span aria-hidden="true">▾</span>
        </button>
      )}
      {open && <div className="mini-cart__backdrop" onClick={() => close(true)} aria-hidden="true" />}
      {open && (
        <div
          id={panelId}
          ref={panelRef}
          className="mini-cart__panel"
          data-mini-cart-panel
          role="dialog"
          aria-modal="true"
          aria-labelledby={`${panelId}-title`}
          tabIndex={-1}
          onSubmit={onSubmit}
          onKeyDown={onPanelKey}
        >
          <div className="mini-cart__head">
            <h2 id={`${panelId}-title`} className="mini-cart__title">
              {labels.cart}
            </h2>
            <button type="button" className="icon-button" onClick={() => close(true)} data-mini-cart-close>
              <LineIcon name="close" />
              <span className="visually-hidden">{labels.close}</span>
            </button>
          </div>
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
          {/* Our own server-rendered fragment: every text in it is escaped by Astro. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own escaped fragment */}
          <div dangerouslySetInnerHTML={{ __html: items ?? "" }} />
          <a className="button mini-cart__go" href={cartUrl}>
            {labels.goToCart}
          </a>
        </div>
      )}
    </>
  );
}
