import { activateConsentedScripts, reopenConsent, startConsent } from "~/features/consent/consent.scripts";
import type { ControllerDefinition } from "~/shell/controller";
import { registerControllers } from "~/shell/controllers";

/**
 * The page's browser entry wires the features into the shell, which knows none of them: every
 * feature's `<feature>.controllers.ts` is found here (adding a behaviour touches no shell file), and
 * consent runs the scripts a visitor allowed. Imported before the shell starts (page-scripts.ts).
 */
const declared = import.meta.glob<{ default: ControllerDefinition[] }>("../features/*/*.controllers.ts", {
  eager: true,
});
for (const module of Object.values(declared)) registerControllers(module.default);

startConsent();

document.addEventListener("click", (event) => {
  if ((event.target as Element).closest?.("[data-consent-open]")) {
    event.preventDefault();
    reopenConsent();
  }
});

document.addEventListener("page:loaded", () => activateConsentedScripts(document.querySelector("#swup") ?? document));
