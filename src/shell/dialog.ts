import { connectControllers } from "./controllers";
import { showError } from "./error-dialog";
import { sliceContainer } from "./fragments";
import { shellStrings } from "./strings";

/**
 * One native <dialog> for the shell's modals (error, link modals, login). Native dialogs trap focus,
 * close on Escape and give focus back to what opened them.
 */
export interface ModalOptions {
  title?: string | null;
  /** sm, lg or xl. */
  size?: string | null;
  className?: string | null;
  /** Where the page goes when the modal closes (data-modal-return-url). */
  returnUrl?: string | null;
}

let dialog: HTMLDialogElement | undefined;
let onClose: (() => void) | undefined;

function ensureDialog(): HTMLDialogElement {
  if (dialog?.isConnected) return dialog;
  dialog = document.createElement("dialog");
  dialog.id = "shell-modal";
  dialog.setAttribute("aria-labelledby", "shell-modal-title");
  dialog.innerHTML =
    '<div class="modal__header"><h2 id="shell-modal-title" class="modal__title"></h2><button type="button" class="modal__close" data-modal-close></button></div><div class="modal__body"></div>';
  dialog.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target === dialog || target.closest("[data-modal-close]")) dialog?.close();
  });
  dialog.addEventListener("close", () => {
    const callback = onClose;
    onClose = undefined;
    callback?.();
  });
  document.body.append(dialog);
  return dialog;
}

export function modalBody(): HTMLElement {
  return ensureDialog().querySelector(".modal__body") as HTMLElement;
}

/** `data-modal-size` as the spec's pages write it ("large") and as ours do ("lg"): one style each. */
const MODAL_SIZES: Record<string, string> = { small: "sm", large: "lg", xlarge: "xl", "extra-large": "xl" };

export function isModalOpen(): boolean {
  return Boolean(dialog?.open);
}

/** Shows content in the modal; `content` is HTML from our own server or a text node. */
export function openModal(content: string | Node, options: ModalOptions = {}, closed?: () => void): HTMLDialogElement {
  const element = ensureDialog();
  if (element.open) {
    onClose = undefined;
    element.close();
  }
  const size = options.size ? (MODAL_SIZES[options.size] ?? options.size) : "";
  element.className = ["modal", size ? `modal--${size}` : "", options.className ?? ""].filter(Boolean).join(" ");
  const title = element.querySelector(".modal__title") as HTMLElement;
  title.textContent = options.title ?? "";
  title.hidden = !options.title;
  const close = element.querySelector("[data-modal-close]") as HTMLButtonElement;
  close.textContent = shellStrings().close;
  const body = modalBody();
  if (typeof content === "string") body.innerHTML = content;
  else body.replaceChildren(content);
  onClose = () => {
    closed?.();
    if (options.returnUrl) window.location.assign(options.returnUrl);
  };
  element.showModal();
  return element;
}

export function closeModal(): void {
  dialog?.close();
}

/** The generic error dialog: Manager.UnknowsErrors and a Close button. */
export function showErrorDialog(message = shellStrings().unknownError): void {
  const text = document.createElement("p");
  text.className = "modal__error";
  text.setAttribute("role", "alert");
  text.textContent = message;
  openModal(text, { className: "error-modal", size: "sm" });
}

/** Opens a link's page (its container only, or its data-modal-content template) in the modal; offline or cut off, the shopper is told. */
export async function openLinkInModal(link: HTMLAnchorElement): Promise<void> {
  let html: string;
  // data-modal-content: a <template> on the page already holds what the URL answers (no request).
  const local = link.dataset.modalContent ? document.getElementById(link.dataset.modalContent) : null;
  if (local instanceof HTMLTemplateElement) html = local.innerHTML;
  else
    try {
      const response = await fetch(link.href, { headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" });
      html = sliceContainer(await response.text());
    } catch (error) {
      console.warn(`The modal ${link.href} could not load`, error);
      showError();
      return;
    }
  const dialog = openModal(html, {
    title: link.dataset.modalTitle ?? (link.title || null),
    size: link.dataset.modalSize ?? null,
    className: link.dataset.modalClass ?? null,
    returnUrl: link.dataset.modalReturnUrl ?? null,
  });
  connectControllers(dialog);
}
