import { COOKIE_LAW_COOKIE_NAME, COOKIE_LAW_LIFETIME_HOURS } from "~/shell/constants";

/** The older cookie-law banner (spec 001 section 4): hidden once its cookie exists; accept stores it. */
export default function connect(banner: HTMLElement): void {
  if (document.cookie.split("; ").some((c) => c.startsWith(`${COOKIE_LAW_COOKIE_NAME}=`))) {
    banner.hidden = true;
    return;
  }
  banner.hidden = false;
  banner.querySelector("[data-cookie-law-accept]")?.addEventListener("click", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
    document.cookie = `${COOKIE_LAW_COOKIE_NAME}=1; Path=/; Max-Age=${COOKIE_LAW_LIFETIME_HOURS * 3600}; SameSite=Lax`;
    banner.hidden = true;
  });
}
