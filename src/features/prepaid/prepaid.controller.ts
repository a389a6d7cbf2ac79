import { postNotification } from "./prepaid.client";

/**
 * The prepaid accounts list: a notification checkbox saves itself when changed (its button stays for
 * pages without JavaScript), and the movements' page links reload only their account's movements.
 */
export default function connect(list: HTMLElement): void {
  for (const button of list.querySelectorAll<HTMLButtonElement>("[data-notification-save]")) button.hidden = true;
  list.addEventListener("change", (event) => {
    const box = event.target as HTMLInputElement;
    if (!box.matches("[data-notification-toggle]")) return;
    const form = box.closest<HTMLFormElement>("[data-notification-form]");
    const id = Number(form?.querySelector<HTMLInputElement>("[name=PrepaidAccountId]")?.value);
    void postNotification(id, box.checked).catch(() => {
      box.checked = !box.checked;
    });
  });
  list.addEventListener("click", async (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-movements-page]");
    if (!link || event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey) return;
    const target = link.closest<HTMLElement>("[data-movements]");
    if (!target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    target.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(link.dataset.movementsPage as string, { credentials: "same-origin" });
      if (!response.ok) throw new Error(String(response.status));
      const holder = document.createElement("div");
      holder.innerHTML = await response.text();
      const fresh = holder.querySelector<HTMLElement>("[data-movements]");
      if (!fresh) throw new Error("no movements");
      target.replaceWith(fresh);
      fresh.querySelector<HTMLElement>("a, table")?.focus({ preventScroll: true });
    } catch {
      window.location.assign(link.href);
    }
  });
}
