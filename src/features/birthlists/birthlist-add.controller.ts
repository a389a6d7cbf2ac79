import { addToBirthList } from "./birthlists.store";

/**
 * The add-to-birth-list form (its page, or the modal it opens in): sent to the API; a success says so
 * with a link to the list (spec 001: go-to-birth-list), a failure shows the server's Message.
 */
export default function connect(form: HTMLElement): void {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form as HTMLFormElement);
    const status = form.parentElement?.querySelector<HTMLElement>("[data-form-status]");
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    if (button) button.disabled = true;
    try {
      const outcome = await addToBirthList(Number(data.get("ProductVariantId")), Number(data.get("BirthListId")));
      if (!outcome.ok) {
        if (status) {
          status.textContent = outcome.message;
          status.hidden = false;
        }
        return;
      }
      const answer = outcome.answer as { Message: string; BirthListId: number };
      const done = document.createElement("div");
      done.className = "notice notice--success";
      done.setAttribute("role", "status");
      const text = Object.assign(document.createElement("p"), { textContent: answer.Message });
      const link = Object.assign(document.createElement("a"), {
        className: "button",
        href: `/${document.documentElement.lang}/birthlists/birthlist/list/${answer.BirthListId}`,
        textContent: form.dataset.goToLabel ?? "",
      });
      done.append(text, link);
      if (status) status.hidden = true;
      form.replaceWith(done);
    } finally {
      if (button) button.disabled = false;
    }
  });
}
