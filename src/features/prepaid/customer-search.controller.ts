import { refusalMessage } from "~/shell/request-errors";
import { searchCustomers } from "./prepaid.client";

/**
 * The staff's customer select (spec 001): typing in the search box fills the select with the
 * customers found, as the page's own search does without JavaScript.
 */
export default function connect(form: HTMLElement): void {
  const input = form.querySelector<HTMLInputElement>("[name=q]");
  if (!input) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const q = input.value.trim();
      if (q.length < 2) return;
      const ticket = ++asked;
      const error = form.querySelector<HTMLElement>("[data-customer-search-error]");
      let found: Awaited<ReturnType<typeof searchCustomers>> | null;
      try {
        found = await searchCustomers(q);
      } catch (failure) {
        // A refused search says why (the answer's Message); other failures the request helper shows.
        if (ticket === asked && error) error.textContent = refusalMessage(failure)?.message ?? "";
        return;
      }
      if (ticket !== asked) return;
      if (error) error.textContent = "";
      let select = form.querySelector<HTMLSelectElement>("[name=CustomerId]");
      if (!select) {
        const field = document.createElement("div");
        field.className = "field";
        field.innerHTML = `<label for="customer-id">${form.dataset.customerLabel ?? ""}</label><select id="customer-id" name="CustomerId"></select>`;
        input.closest(".field")?.after(field);
        select = field.querySelector("select") as HTMLSelectElement;
      }
      select.replaceChildren(...found.map((c) => new Option(c.Email, String(c.CustomerId))));
    }, 250);
  });
}
