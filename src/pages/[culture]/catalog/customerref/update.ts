import { ReferenceUpdateSchema } from "~/features/catalog/references/customer-reference";
import { updateReference } from "~/features/catalog/references/customer-reference.server";
import { translator } from "~/lib/i18n";
import { ApiError } from "~/server/http/errors";
import { formRoute } from "~/server/http/form-route";

/** The reference form without JavaScript: save, then back to the product with a notice. */
export const POST = formRoute({
  back: (culture) => `/${culture}/`,
  run: async (form, { session, culture }) => {
    const input = ReferenceUpdateSchema.safeParse(Object.fromEntries(form));
    try {
      if (!input.success) throw new ApiError("ValidationFailed");
      const result = await updateReference(session, culture, input.data.ProductVariantId, input.data.Reference);
      return { flash: { kind: "success", message: result.Message, links: [] } };
    } catch (error) {
      // A guest signs in first (the route does it); any other refusal says the reference was not saved.
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      return { flash: { kind: "error", message: translator(culture)("Catalog.CustomerRefUpdateError"), links: [] } };
    }
  },
});
