/**
 * A styled select: a button that toggles a list of options (click toggles, click outside closes,
 * Escape closes, arrows move, Enter or Space chooses). The chosen value goes to a hidden input.
 * Markup: [data-controller=fake-select] > button[aria-haspopup=listbox] + ul[role=listbox] > li[role=option][data-value]
 */
export default function connect(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>("button[aria-haspopup]");
  const list = root.querySelector<HTMLElement>("[role=listbox]");
  const input = root.querySelector<HTMLInputElement>("input[type=hidden]");
  if (!button || !list) return;
  const options = () => Array.from(list.querySelectorAll<HTMLElement>("[role=option]"));
  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    list.hidden = !open;
    root.classList.toggle("is-open", open);
    if (open) (options().find((o) => o.getAttribute("aria-selected") === "true") ?? options()[0])?.focus();
  };
  const choose = (option: HTMLElement) => {
    for (const o of options()) o.setAttribute("aria-selected", String(o === option));
    if (input) {
      input.value = option.dataset.value ?? "";
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
    const label = button.querySelector("[data-label]") ?? button;
    label.textContent = option.textContent;
    setOpen(false);
    button.focus();
  };
  for (const option of options()) option.tabIndex = -1;
  setOpen(false);
  button.addEventListener("click", () => setOpen(list.hidden));
  list.addEventListener("click", (event) => {
    const option = (event.target as Element).closest<HTMLElement>("[role=option]");
    if (option) choose(option);
  });
  root.addEventListener("keydown", (event) => {
    const all = options();
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === "Escape") {
      setOpen(false);
      button.focus();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (list.hidden) return setOpen(true);
      const next = all[Math.min(all.length - 1, Math.max(0, index + (event.key === "ArrowDown" ? 1 : -1)))];
      next?.focus();
    } else if ((event.key === "Enter" || event.key === " ") && index >= 0) {
      event.preventDefault();
      choose(all[index] as HTMLElement);
    }
  });
  document.addEventListener("click", (event) => {
    if (!root.contains(event.target as Node) && !list.hidden) setOpen(false);
  });
}
