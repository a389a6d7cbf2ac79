/**
 * The one inline script of our own, first in <head>: it must run before anything paints (the `js` class
 * hides no-JS-only controls) and before tags (Consent Mode defaults). Its text is the same on every page,
 * so the Content-Security-Policy allows it by hash, not with 'unsafe-inline'; what varies (the consent
 * stamp and the visitor's stored choice) comes from the JSON in its `data-consent` attribute.
 */
import { SCRIPT_COOKIE, SCRIPT_COOKIE_MAX_AGE_SECONDS } from "~/features/consent/consent";

export { SCRIPT_COOKIE };

export const HEAD_SCRIPT = [
  // `is-initial-loading`: the initial loader, a bar over the top edge that hides nothing (shell/main.ts).
  'document.documentElement.classList.add("js","is-initial-loading");',
  "window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}window.gtag=gtag;",
  "(function(c){",
  'gtag("consent","default",c.defaults);',
  'if(c.decided)gtag("consent","update",c.decided);',
  // Only once the visitor has chosen: a first visit sets no cookie at all (spec 000 section 4).
  `if(c.decided&&document.cookie.indexOf("${SCRIPT_COOKIE}=1")<0)document.cookie="${SCRIPT_COOKIE}=1;path=/;max-age=${SCRIPT_COOKIE_MAX_AGE_SECONDS};samesite=lax"+(location.protocol==="https:"?";secure":"");`,
  "window.VitrineConsent=window.VitrineConsent||{callbacks:[]};window.VitrineConsent.stamp=c.stamp;",
  "})(JSON.parse(document.currentScript.dataset.consent));",
].join("");
