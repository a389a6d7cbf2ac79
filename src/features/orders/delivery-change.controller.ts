import { closeModal, openModal } from "~/shell/dialog";

/** A notice at the top of the block, with its title (spec 001: "growl" messages of the change). */
function notice(block: HTMLElement, kind: "success" | "error", title: string, text: string): void {
  block.querySelector(".messages")?.remove();
  const messages = document.createElement("div");
  messages.className = "messages";
  const p = document.createElement("p");
  p.className = `notice notice--${kind} ${kind === "success" ? "success-msg" : "error-msg"}`;
  p.setAttribute("role", kind === "error" ? "alert" : "status");
  p.dataset.deliveryChangeNotice = kind;
  const strong = document.createElement("strong");
  strong.textContent = title;
  p.append(strong, " ", text);
  messages.append(p);
  block.querySelector("h2")?.after(messages);
}

/**
 * The delivery-address change with JavaScript (spec 001 sections 4, 7, 8): the form opens in a modal from
 * a button; its answer (HTML, with a `messages` element) decides: `error-msg` closes the modal with an
 * error notice, `success-msg` closes it with a notice titled Sales.EmailSentNoticeTitle, lists the new
 * request and disables the button with the sent text; any other answer is the form again, with its
 * errors, in the modal. A failed request says Manager.UnknowsErrors. Without JavaScript the block's
 * `<details>` form posts to the request page.
 */
export default function connect(block: HTMLElement): void {
  const details = block.querySelector("details");
  const form = details?.querySelector("form");
  const summary = details?.querySelector("summary");
  if (!details || !form || !summary) return;
  const title = summary.textContent?.trim() ?? "";
  const trigger = document.createElement("button");
  trigger.type = "button";
  trigger.className = "button button--secondary";
  trigger.textContent = title;
  trigger.dataset.deliveryChangeOpen = "";
  trigger.setAttribute("aria-haspopup", "dialog");
  details.replaceWith(trigger);
  form.removeAttribute("data-ajax");
  form.removeAttribute("data-ajax-update");
  trigger.addEventListener("click", () => openModal(form, { title, size: "lg" }, () => trigger.focus()));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const submit = form.querySelector<HTMLButtonElement>("button[type=submit]");
    if (submit) submit.disabled = true;
    let html: string;
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
        credentials: "same-origin",
        headers: { "X-Requested-With": "fetch" },
      });
      html = await response.text();
    } catch {
      closeModal();
      notice(block, "error", block.dataset.errorTitle ?? "", block.dataset.unknownError ?? "");
      return;
    } finally {
      if (submit) submit.disabled = false;
    }
    const answer = new DOMParser().parseFromString(html, "text/html").querySelector("#delivery-change");
    const refused = answer?.querySelector(".messages .error-msg");
    const sent = answer?.querySelector(".messages .success-msg");
    if (refused || !answer) {
      closeModal();
      const text = refused?.textContent?.trim() || block.dataset.unknownError || "";
      notice(block, "error", block.dataset.errorTitle ?? "", text);
      return;
    }
    if (sent) {
      closeModal();
      const list = answer.querySelector(".delivery-change__list");
      const current = block.querySelector(".delivery-change__list");
      if (list && current) current.replaceWith(document.importNode(list, true));
      else if (list) block.querySelector("h2")?.after(document.importNode(list, true));
      notice(block, "success", block.dataset.sentTitle ?? "", sent.textContent?.trim() ?? "");
      trigger.disabled = true;
      trigger.textContent = block.dataset.sentText ?? "";
      return;
    }
    // The form again, with what was typed and the errors at its fields.
    const again = answer.querySelector("form");
    if (again) form.replaceChildren(...Array.from(again.childNodes, (node) => document.importNode(node, true)));
  });
}
