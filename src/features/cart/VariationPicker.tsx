import { useStore } from "@nanostores/react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type { VariantAttributeValue, VariantChoice } from "~/features/catalog/catalog";
import { correctQuantity, isUsableQuantity, QUANTITY_CORRECTION_DELAY_MS } from "~/features/catalog/product/quantity";
import {
  $degressiveTables,
  $variants,
  $variantsLoading,
  choiceParams,
  chooseVariant,
  knowVariant,
  rememberChoice,
} from "~/features/catalog/product/variant.store";
import { addToCart } from "./cart.store";

export interface VariationPickerLabels {
  variations: string;
  unavailable: string;
  quantity: string;
  update: string;
  from: string;
  priceTaxIncl: string;
  priceTaxExcl: string;
  /** With {price}. */
  lowest30Days: string;
  inStock: string;
  outOfStock: string;
  stockByWarehouse: string;
  notifyMe: string;
  notifyTitle: string;
  addToCart: string;
  adding: string;
  addedTitle: string;
  continueShopping: string;
  goToBasket: string;
}

export interface VariationPickerProps {
  initial: VariantChoice;
  culture: string;
  labels: VariationPickerLabels;
  /** The product page (the no-JavaScript GET form posts the choice to it). */
  productPath: string;
  cartUrl: string;
  /** Price tax excluded too (business customers). */
  /** "if-business": a page shared by every shopper shows it once her summary says she is one (decision 062). */
  showTaxExcl: boolean | "if-business";
  /** "From" before the price until the shopper chooses (variants differ in price). */
  priceFrom: boolean;
  /** Where the add-to-cart form without JavaScript returns. */
  returnUrl: string;
  /** Server-rendered degressive price table of the initial variant. */
  children?: ReactNode;
}

function swatchStyle(value: VariantAttributeValue) {
  const colours = [value.ColorCode1, value.ColorCode2, value.ColorCode3].filter(Boolean);
  return {
    background: colours.length > 1 ? `linear-gradient(90deg, ${colours.join(", ")})` : (colours[0] ?? "#ccc"),
  };
}

/**
 * Variation picker (spec 001 sections 3 to 5): price, variation controls, quantity and add to cart of one
 * product. The server HTML is two plain forms (a GET form for the choice, a POST form for the cart);
 * once hydrated a choice asks the variant API, refreshes every control through $variants, and adding
 * to the cart updates $cart and opens the continue-or-basket dialog.
 */
export default function VariationPicker(props: VariationPickerProps) {
  const { initial, labels, culture } = props;
  const productId = initial.ProductVariantViewModel.ProductId;
  const choice = useStore($variants)[String(productId)] ?? initial;
  const loading = useStore($variantsLoading)[String(productId)] ?? false;
  const variant = choice.ProductVariantViewModel;
  const [hydrated, setHydrated] = useState(false);
  const [chosen, setChosen] = useState(false);
  // The values just clicked, shown until the server answers (controlled inputs would snap back).
  const [pending, setPending] = useState<(number | null)[] | null>(null);
  // Undefined until the shopper changes the variant: the server-rendered table (children) shows.
  const degressiveHtml = useStore($degressiveTables)[String(productId)];
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const choiceForm = useRef<HTMLFormElement>(null);
  const quantityInput = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const previousQuantity = useRef(String(variant.Quantity));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const rules = { min: variant.MinQuantity, max: variant.MaxQuantity, step: variant.StepQuantity };

  const ask = async (lastChanged?: number) => {
    const form = choiceForm.current;
    if (!form) return;
    const values = choice.ProductVariantAttributesViewModel.map((_, index) => {
      const picked = new FormData(form).get(`VariantValueId${index + 1}`);
      return picked ? Number(picked) : null;
    });
    setChosen(true);
    setMessage(null);
    setPending(values);
    const answer = await chooseVariant(
      productId,
      choiceParams(values, quantityInput.current?.value ?? "", lastChanged),
    ).finally(() => setPending(null));
    if (answer) rememberChoice(choiceParams(values, quantityInput.current?.value ?? ""));
  };

  // The choice shown by the server is what other readers (photos) start from; a control changed before
  // this code arrived (the browser keeps it through hydration) is asked for at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on hydration
  useEffect(() => {
    knowVariant(initial);
    setHydrated(true);
    const form = choiceForm.current;
    if (!form) return;
    const changed = initial.ProductVariantAttributesViewModel.some(
      (attribute, index) =>
        (new FormData(form).get(`VariantValueId${index + 1}`) ?? "") !== String(attribute.Value ?? ""),
    );
    if (changed) void ask();
  }, []);

  const correct = (refresh: boolean) => {
    const input = quantityInput.current;
    if (!input) return;
    const previous = Number(previousQuantity.current);
    const direction = Number(input.value) > previous ? "up" : Number(input.value) < previous ? "down" : null;
    const corrected = correctQuantity(input.value, rules, direction);
    input.value = corrected === null ? "" : String(corrected);
    if (refresh && isUsableQuantity(input.value, rules) && input.value !== previousQuantity.current) {
      previousQuantity.current = input.value;
      void ask();
    }
  };

  const submitToCart = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(timer.current);
    correct(false);
    const quantity = Number(quantityInput.current?.value);
    if (!isUsableQuantity(quantity, rules)) return;
    setAdding(true);
    setMessage(null);
    try {
      const outcome = await addToCart({
        ProductVariantId: variant.ProductVariantId,
        Quantity: quantity,
        Name: variant.Name,
        ItemOrigin: "Catalog",
      });
      if (outcome.ok) {
        setMessage({ kind: "success", text: outcome.result.Message });
        dialog.current?.showModal();
      } else setMessage({ kind: "error", text: outcome.message });
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="variation-picker" data-product-id={productId} aria-busy={loading}>
      <p className="price" data-price>
        {props.priceFrom && !chosen && <small>{labels.from} </small>}
        {variant.UnitPriceTaxInclHtml} <small>{labels.priceTaxIncl}</small>
      </p>
      {props.showTaxExcl && (
        <p className={props.showTaxExcl === "if-business" ? "hint if-business" : "hint"} data-price-excl>
          {variant.UnitPriceTaxExclHtml} <small>{labels.priceTaxExcl}</small>
        </p>
      )}
      <p className="hint" data-sku>
        SKU {variant.SKU}
      </p>
      {variant.LowestPrice30DaysTaxInclHtml && (
        <p className="hint" data-omnibus>
          {labels.lowest30Days.replace("{price}", variant.LowestPrice30DaysTaxInclHtml)}
        </p>
      )}
      {choice.ProductVariantAttributesViewModel.length > 0 && (
        <form
          ref={choiceForm}
          className="variation-form"
          method="get"
          action={props.productPath}
          aria-label={labels.variations}
          onChange={(event) => {
            const target = event.target as unknown as HTMLInputElement | HTMLSelectElement;
            void ask(Number(target.value) || undefined);
          }}
          onSubmit={(event) => {
            event.preventDefault();
            void ask();
          }}
        >
          {choice.ProductVariantAttributesViewModel.map((attribute, index) =>
            attribute.VariationDisplayTypeValue === "Square" ? (
              <fieldset
                key={attribute.ProductAttributeId}
                className="variation-swatches"
                data-attribute-id={attribute.ProductAttributeId}
              >
                <legend>{attribute.Name}</legend>
                {attribute.Values.map((value) => (
                  <label
                    key={value.ProductAttributeValueId}
                    className="variation-swatch"
                    title={value.IsUnavailable ? `${value.DisplayValue} (${labels.unavailable})` : value.DisplayValue}
                  >
                    <input
                      type="radio"
                      name={`VariantValueId${index + 1}`}
                      value={value.ProductAttributeValueId}
                      checked={(pending?.[index] ?? attribute.Value) === value.ProductAttributeValueId}
                      onChange={() => {}}
                      disabled={value.IsUnavailable}
                      data-id={value.ProductAttributeValueId}
                    />
                    <span className="swatch" style={swatchStyle(value)} aria-hidden="true" />
                    <span className="visually-hidden">
                      {value.DisplayValue}
                      {value.IsUnavailable && ` (${labels.unavailable})`}
                    </span>
                  </label>
                ))}
              </fieldset>
            ) : (
              <label
                key={attribute.ProductAttributeId}
                className="variation-select"
                data-attribute-id={attribute.ProductAttributeId}
              >
                {attribute.Name}
                <select
                  name={`VariantValueId${index + 1}`}
                  value={pending?.[index] ?? attribute.Value ?? ""}
                  onChange={() => {}}
                >
                  {attribute.Values.map((value) => (
                    <option
                      key={value.ProductAttributeValueId}
                      value={value.ProductAttributeValueId}
                      disabled={value.IsUnavailable}
                    >
                      {value.DisplayValue}
                      {value.IsUnavailable && ` (${labels.unavailable})`}
                    </option>
                  ))}
                </select>
              </label>
            ),
          )}
          <input type="hidden" name="Quantity" value={variant.Quantity} />
          <button type="submit" className="button button--secondary" hidden={hydrated} data-no-js-only>
            {labels.update}
          </button>
        </form>
      )}
      <p data-stock>
        <span data-stock-state>{variant.IsInStock ? labels.inStock : labels.outOfStock}</span> ·{" "}
        <a
          href={`/${culture}/widget/catalog/StockByWarehouse?productId=${productId}&productVariantId=${variant.ProductVariantId}&displayAllActiveWarehouses=true`}
          data-modal
          data-modal-title={labels.stockByWarehouse}
          data-modal-content={variant.StockByWarehouseHtml ? `stock-${productId}` : undefined}
          data-stock-link
        >
          {labels.stockByWarehouse}
        </a>
        {/* A chosen variant's answer already holds its stock: the dialog opens it without a request. */}
        {variant.StockByWarehouseHtml && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our server's own render of the stock component
          <template id={`stock-${productId}`} dangerouslySetInnerHTML={{ __html: variant.StockByWarehouseHtml }} />
        )}
        {!variant.IsInStock && (
          <>
            {" "}
            ·{" "}
            <a
              href={`/${culture}/catalog/stocknotification/subscribe?ProductVariantId=${variant.ProductVariantId}&ProductId=${productId}`}
              data-modal
              data-modal-title={labels.notifyTitle}
              data-stock-notification-link
            >
              {labels.notifyMe}
            </a>
          </>
        )}
      </p>
      {degressiveHtml === undefined ? (
        props.children
      ) : (
        // Our own fragment (widget/catalog/DegressivePrice), rendered and escaped by the server.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered fragment of this site
        <div dangerouslySetInnerHTML={{ __html: degressiveHtml }} />
      )}
      <form className="add-to-cart" method="post" action={`/${culture}/catalog/addtocart`} onSubmit={submitToCart}>
        <input type="hidden" name="ProductVariantId" value={variant.ProductVariantId} />
        <input type="hidden" name="Name" value={variant.Name} />
        <input type="hidden" name="ItemOrigin" value="Catalog" />
        <input type="hidden" name="ReturnUrl" value={props.returnUrl} />
        <label className="variation-quantity">
          {labels.quantity}
          <input
            ref={quantityInput}
            type="number"
            name="Quantity"
            defaultValue={variant.Quantity}
            min={variant.MinQuantity}
            max={variant.MaxQuantity > 0 ? variant.MaxQuantity : undefined}
            step={variant.StepQuantity}
            inputMode="numeric"
            required
            onInput={() => {
              clearTimeout(timer.current);
              timer.current = setTimeout(() => correct(true), QUANTITY_CORRECTION_DELAY_MS);
            }}
            onBlur={() => {
              clearTimeout(timer.current);
              correct(true);
            }}
          />
        </label>
        <button
          type="submit"
          className="button"
          disabled={!variant.IsInStock || adding}
          aria-busy={adding}
          data-add-to-cart
        >
          {adding ? labels.adding : labels.addToCart}
        </button>
        <p role="alert" className={message?.kind === "error" ? "form-error" : "visually-hidden"} data-add-to-cart-error>
          {message?.kind === "error" ? message.text : ""}
        </p>
      </form>
      <dialog ref={dialog} className="dialog added-dialog" aria-labelledby={`added-${productId}`}>
        <h2 id={`added-${productId}`}>{labels.addedTitle}</h2>
        <p data-added-message>{message?.kind === "success" ? message.text : ""}</p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
            {labels.continueShopping}
          </button>
          <a className="button" href={props.cartUrl}>
            {labels.goToBasket}
          </a>
        </div>
      </dialog>
    </div>
  );
}
