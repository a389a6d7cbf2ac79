import { connectControllers } from "~/shell/controllers";
import { modalBody, openModal } from "~/shell/dialog";

const HOME = "security/twofactorhome";

function inModal(url: string): string {
  const target = new URL(url, window.location.href);
  target.searchParams.set("modal", "1");
  return target.pathname + target.search;
}

/**
 * The two-factor modal (spec 001 sections 1 and 5), on a link to the two-factor home. Its pages load
 * inside the modal body: a link containing `security/twofactorhome` reloads there, a back link steps
 * back to the page before, a form posts there. Once a page carries the success marker
 * (`data-twofactor-success`), closing the modal refreshes the page. Without JavaScript the link is a page.
 */
export default function connect(link: HTMLElement): void {
  if (!(link instanceof HTMLAnchorElement)) return;
  link.addEventListener("click", async (event) => {
    event.preventDefault();
    const visited: string[] = [];
    let succeeded = false;
    const show = (html: string) => {
      const body = modalBody();
      body.innerHTML = html;
      connectControllers(body);
      if (body.querySelector("[data-twofactor-success]")) succeeded = true;
      body.querySelector<HTMLElement>("input:not([type=hidden]), a, button")?.focus();
    };
    const load = async (url: string, init?: RequestInit) => {
      const response = await fetch(url, {
        credentials: "same-origin",
        headers: { "X-Requested-With": "fetch" },
        ...init,
      });
      if (response.redirected && !new URL(response.url).pathname.includes(HOME)) {
        window.location.assign(link.href);
        return;
      }
      show(await response.text());
    };
    const first = inModal(link.href);
    visited.push(first);
    try {
      const response = await fetch(first, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } });
      if (!response.ok) throw new Error(String(response.status));
      openModal("", { className: "two-factor-modal", size: "lg" }, () => {
        // The modal's body is the shell's, shared with every other modal: its steps end with it.
        const shared = modalBody();
        shared.onclick = null;
        shared.onsubmit = null;
        if (succeeded) window.location.reload();
      });
      show(await response.text());
    } catch {
      window.location.assign(link.href);
      return;
    }
    const body = modalBody();
    body.onclick = (click) => {
      const anchor = (click.target as Element).closest("a");
      if (!anchor || !body.contains(anchor)) return;
      if (anchor.hasAttribute("data-modal-back") && visited.length > 1) {
        click.preventDefault();
        visited.pop();
        void load(visited[visited.length - 1] as string);
      } else if (anchor.href.includes(HOME)) {
        click.preventDefault();
        const next = inModal(anchor.href);
        visited.push(next);
        void load(next);
      }
    };
    body.onsubmit = (submit) => {
      const form = submit.target as HTMLFormElement;
      if (!form.matches("[data-two-factor-form]") || submit.defaultPrevented) return;
      submit.preventDefault();
      void load(inModal(form.action), {
        method: "POST",
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      });
    };
  });
}
