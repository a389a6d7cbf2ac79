import { z } from "zod";
import { defineIsland } from "~/features/islands/islands";

export const consentDialogIsland = defineIsland({
  name: "consent-dialog",
  component: "ConsentDialog",
  description:
    "Cookie-consent dialog (native dialog). Opens by itself when the visitor has no valid consent; any element with data-consent-open reopens it. Hydrates only when shown.",
  props: z.object({
    /** Render the form in the page instead of a dialog (a cookie settings page). */
    inline: z.boolean().default(false),
    /** Previews: force the dialog open whatever the visitor decided. */
    forceOpen: z.boolean().default(false),
  }),
  fixtures: {
    "first-visit": { forceOpen: true },
    inline: { inline: true },
  },
});
