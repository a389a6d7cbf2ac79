import { connectControllers } from "./controllers";
import { closeModal, modalBody, openModal } from "./dialog";
import { shellStrings } from "./strings";

/** The culture of the page, from <html lang>. */
export function pageCulture(): string {
  return document.documentElement.lang || "fr";
}

export function loginUrl(returnUrl: string, modal: boolean): string {
  return `/${pageCulture()}/security/login?returnUrl=${encodeURIComponent(returnUrl)}${modal ? "&modal=1" : ""}`;
}

let pending: Promise<boolean> | undefined;

/**
 * Opens the login form in a modal (class login-modal). Resolves true once the shopper signed in
 * inside it (the caller then continues where it was), false when the modal was closed.
 * Several 401s at once share one modal.
 */
export function loginInModal(returnUrl: string): Promise<boolean> {
  pending ??= new Promise<boolean>((resolve) => {
    let signedIn = false;
    const finish = () => {
      pending = undefined;
      resolve(signedIn);
    };
    fetch(loginUrl(returnUrl, true), { headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" })
      .then((response) => response.text())
      .then((html) => {
        openModal(html, { className: "login-modal", title: shellStrings().loginTitle }, finish);
        const body = modalBody();
        connectControllers(body);
        body.addEventListener("submit", async (event) => {
          const form = (event.target as Element).closest("form[data-login-form]") as HTMLFormElement | null;
          if (!form) return;
          event.preventDefault();
          const response = await fetch(form.action, {
            method: "POST",
            body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
            credentials: "same-origin",
          });
          // Success answers 303 to the return URL; a failure re-renders the form with its message.
          // A sign-in with two-factor goes on to the code's form, in the modal too.
          if (response.ok && !/\/security\/(login|twofactor)$/.test(new URL(response.url).pathname)) {
            signedIn = true;
            document.dispatchEvent(new CustomEvent("session:changed"));
            closeModal();
          } else {
            body.innerHTML = await response.text();
            connectControllers(body);
            body.querySelector<HTMLInputElement>("input[name=Password]")?.focus();
          }
        });
      })
      .catch(() => {
        // Without the modal, the login page itself still works.
        window.location.assign(loginUrl(returnUrl, false));
      });
  });
  return pending;
}
