import type { Culture } from "~/lib/culture";
import { formatMoney } from "~/lib/money";
import { refundLineAmount, refundTotals } from "./refunds";

/**
 * The refund form's amounts as quantities change: each line's unit price including tax times its
 * quantity, and the totals of items and amount, in the page's culture (spec 001). The server computes
 * the same from the order when the form is sent.
 */
export default function connect(form: HTMLElement): void {
  const culture = (form.dataset.culture ?? document.documentElement.lang) as Culture;
  const itemsText = form.querySelector<HTMLElement>("[data-refund-items]");
  const template = itemsText?.textContent?.replace(/\d+/, "{count}") ?? "{count}";
  const update = () => {
    const lines = [...form.querySelectorAll<HTMLTableRowElement>("[data-refund-line]")].map((row) => {
      const unitTaxIncl = Number(row.dataset.unit);
      const quantity = Number(row.querySelector("select")?.value ?? 0);
      const cell = row.querySelector<HTMLElement>("[data-refund-amount]");
      if (cell) cell.textContent = formatMoney(refundLineAmount(unitTaxIncl, quantity), culture);
      return { unitTaxIncl, quantity };
    });
    const totals = refundTotals(lines);
    if (itemsText) itemsText.textContent = template.replace("{count}", String(totals.items));
    const total = form.querySelector<HTMLElement>("[data-refund-total]");
    if (total) total.textContent = formatMoney(totals.amount, culture);
  };
  form.addEventListener("change", (event) => {
    if ((event.target as Element).matches("[data-refund-line] select")) update();
  });
}
