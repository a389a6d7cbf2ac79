/**
 * A styled select (spec 000): a button that toggles a list of options (click toggles, click outside
 * closes, Escape closes, arrows move, Enter or Space chooses).
 * Markup, either: [data-controller=fake-select] > button[aria-haspopup=listbox] + ul[role=listbox] >
 * li[role=option][data-value], the value in a hidden input; or a label and a native <select> (the page
 * without JavaScript), which this replaces on screen by the button and list, keeping the select as the
 * form's field: a choice sets it and sends its change event.
 */
export default function connect(root: HTMLElement): void {
  const select = root.querySelector("select");
  if (select && !root.querySelector("button[aria-haspopup]")) buildFrom(select);
  const button = root.querySelector<HTMLButtonElement>("button[aria-haspopup]");
  const list = root.querySelector<HTMLElement>("[role=listbox]");
  const field = root.querySelector<HTMLInputElement | HTMLSelectElement>("input[type=hidden], select");
  if (!button || !list) return;
  const options = () => Array.from(list.querySelectorAll<HTMLElement>("[role=option]"));
  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    list.hidden = !open;
    root.classList.toggle("is-open", open);
    if (open) (options().find((o) => o.getAttribute("aria-selected") === "true") ?? options()[0])?.focus();
  };
  const choose = (option: HTMLElement) => {
    const changed = field !== null && field.value !== (option.dataset.value ?? "");
    for (const o of options()) o.setAttribute("aria-selected", String(o === option));
    const label = button.querySelector("[data-label]") ?? button;
    label.textContent = option.textContent;
    setOpen(false);
    button.focus();
    if (field && changed) {
      field.value = option.dataset.value ?? "";
      field.dispatchEvent(new Event("change", { bubbles: true }));
    }
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

let built = 0;

/** The button and list of a native select, named by the select's label; the select leaves the screen. */
function buildFrom(select: HTMLSelectElement): void {
  const id = `fake-select-${++built}`;
  const label = select.labels?.[0];
  if (label && !label.id) label.id = `${id}-label`;
  const button = document.createElement("button");
  button.type = "button";
  button.setAttribute("aria-haspopup", "listbox");
  button.setAttribute("aria-expanded", "false");
  const text = document.createElement("span");
  text.dataset.label = "";
  text.id = `${id}-value`;
  text.textContent = select.selectedOptions[0]?.textContent ?? "";
  button.append(text);
  if (label) button.setAttribute("aria-labelledby", `${label.id} ${text.id}`);
  const list = document.createElement("ul");
  list.setAttribute("role", "listbox");
  if (label) list.setAttribute("aria-labelledby", label.id);
  for (const option of select.options) {
    const item = document.createElement("li");
    item.setAttribute("role", "option");
    item.dataset.value = option.value;
    item.setAttribute("aria-selected", String(option.selected));
    if (option.disabled) item.setAttribute("aria-disabled", "true");
    item.textContent = option.textContent;
    list.append(item);
  }
  // The select stays the form's field (its value is sent), out of sight and out of the tab order.
  select.hidden = true;
  select.tabIndex = -1;
  // The label would focus the hidden select: the button takes its clicks.
  label?.addEventListener("click", (event) => {
    event.preventDefault();
    button.focus();
  });
  select.after(button, list);
}
