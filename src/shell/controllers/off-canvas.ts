/**
 * A side panel (off-canvas) opened by its trigger: `<a href="#panel" aria-controls="panel"
 * data-controller="off-canvas">`. Without JavaScript the link opens the panel through `:target`; with
 * it the trigger becomes a button with `aria-expanded`, focus stays inside the open panel, Escape, a
 * click outside or a `[data-off-canvas-close]` control close it, the page behind does not scroll (the
 * `has-off-canvas` body class), and following a link in the panel or leaving the page closes it
 * (spec 001: the body class is removed on page leave, anchor or dialog trigger).
 */
const FOCUSABLE =
  'a[href]:not([hidden]), button:not([disabled]):not([hidden]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
export const OFF_CANVAS_BODY_CLASS = "has-off-canvas";

function visible(element: HTMLElement): boolean {
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
}

export default function connect(trigger: HTMLElement): void {
  const panelId = trigger.getAttribute("aria-controls") ?? "";
  trigger.setAttribute("role", "button");
  trigger.setAttribute("aria-expanded", "false");
  let backdrop: HTMLElement | null = null;
  let panel: HTMLElement | null = null;

  const focusables = () => (panel ? Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(visible) : []);

  const onKey = (event: KeyboardEvent) => {
    if (!panel) return;
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key !== "Tab") return;
    const all = focusables();
    if (all.length === 0) return;
    const first = all[0] as HTMLElement;
    const last = all[all.length - 1] as HTMLElement;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !panel.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };
  const onPanelClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest("[data-off-canvas-close]")) {
      event.preventDefault();
      close(true);
    } else if (target?.closest("a[href], [data-dialog], [data-modal]")) {
      close(false);
    }
  };
  const onLeave = () => close(false);
  const onResize = () => {
    if (panel && !visible(panel)) close(false);
  };

  function open(): void {
    panel = document.getElementById(panelId);
    if (!panel) return;
    panel.classList.add("is-open");
    backdrop = document.createElement("div");
    backdrop.className = "off-canvas-backdrop";
    backdrop.addEventListener("click", () => close(true));
    panel.after(backdrop);
    document.body.classList.add(OFF_CANVAS_BODY_CLASS);
    trigger.setAttribute("aria-expanded", "true");
    document.addEventListener("keydown", onKey);
    document.addEventListener("page:leave", onLeave);
    window.addEventListener("resize", onResize);
    panel.addEventListener("click", onPanelClick);
    (focusables()[0] ?? panel).focus();
  }

  function close(returnFocus: boolean): void {
    if (!panel) return;
    panel.classList.remove("is-open");
    panel.removeEventListener("click", onPanelClick);
    backdrop?.remove();
    backdrop = null;
    panel = null;
    document.body.classList.remove(OFF_CANVAS_BODY_CLASS);
    trigger.setAttribute("aria-expanded", "false");
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("page:leave", onLeave);
    window.removeEventListener("resize", onResize);
    // Opened through its address without JavaScript: the address stops naming the panel.
    if (window.location.hash === `#${panelId}`) {
      history.replaceState(history.state, "", window.location.pathname + window.location.search);
    }
    if (returnFocus) trigger.focus();
  }

  trigger.addEventListener("click", (event) => {
    event.preventDefault();
    if (panel) close(true);
    else open();
  });
  trigger.addEventListener("keydown", (event) => {
    // A link answers Enter; a button answers Space too.
    if (event.key === " ") {
      event.preventDefault();
      trigger.click();
    }
  });
}
