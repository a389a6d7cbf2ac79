import { connectControllers } from "~/shell/controllers";

/**
 * The news calendar (spec 001): a day with news loads its list below the month; the month arrows load
 * the next calendar in place. A failed load shows an inline red alert saying `Core.Error` (the
 * spec's message), and the day's link still works as a plain link.
 */
async function fetchHtml(url: string): Promise<string> {
  const response = await fetch(url, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } });
  if (!response.ok) throw new Error(`${response.status}`);
  return response.text();
}

function showError(list: HTMLElement, text: string): void {
  const alert = document.createElement("p");
  alert.className = "alert alert--error";
  alert.setAttribute("role", "alert");
  alert.textContent = text;
  list.replaceChildren(alert);
}

export default function connect(root: HTMLElement): void {
  const errorText = root.dataset.errorText ?? "Error";
  root.addEventListener("click", async (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-day-url], a[data-calendar-url]");
    if (!link || !root.contains(link)) return;
    event.preventDefault();
    const list = root.querySelector<HTMLElement>("[data-calendar-list]");
    if (link.dataset.dayUrl) {
      for (const current of root.querySelectorAll("[aria-current='date']")) current.removeAttribute("aria-current");
      link.setAttribute("aria-current", "date");
      root.setAttribute("aria-busy", "true");
      try {
        const template = document.createElement("template");
        template.innerHTML = await fetchHtml(link.dataset.dayUrl);
        const dayList = template.content.querySelector(".news-day-list");
        if (!dayList) throw new Error("no day list");
        list?.replaceChildren(dayList);
      } catch {
        if (list) showError(list, errorText);
      } finally {
        root.removeAttribute("aria-busy");
      }
      return;
    }
    try {
      const template = document.createElement("template");
      template.innerHTML = await fetchHtml(link.dataset.calendarUrl ?? "");
      const next = template.content.querySelector<HTMLElement>(".news-calendar");
      if (!next) throw new Error("no calendar");
      root.replaceWith(next);
      connectControllers(next.parentElement ?? document.body);
      next
        .querySelector<HTMLElement>(
          `.news-calendar__nav--${link.classList.contains("news-calendar__nav--next") ? "next" : "previous"}`,
        )
        ?.focus();
    } catch {
      if (list) showError(list, errorText);
    }
  });
}
