import { z } from "zod";
import { env } from "~/server/config/env";
import { defineEndpoint } from "~/server/http/endpoint";
import { ApiError } from "~/server/http/errors";
import { recordConsentDecision } from "./consent.server";

export const recordDecision = defineEndpoint({
  method: "post",
  path: "/consent",
  summary: "Record a cookie-consent decision as proof (stamp, choices, culture, time, anonymous id)",
  tags: ["consent"],
  body: z.object({
    Stamp: z.string().min(1).max(64),
    Preferences: z.boolean(),
    Statistics: z.boolean(),
    Marketing: z.boolean(),
  }),
  response: z.object({ ConsentId: z.string() }),
  run: async ({ body, culture, customerId }) => {
    // A decision for texts we no longer show proves nothing.
    if (body.Stamp !== env().CONSENT_STAMP)
      throw new ApiError("ConsentStampOutdated", { Stamp: [] }, "Errors.ConsentStampOutdated");
    const id = await recordConsentDecision(
      { stamp: body.Stamp, preferences: body.Preferences, statistics: body.Statistics, marketing: body.Marketing },
      culture,
      customerId,
    );
    return { ConsentId: id };
  },
});
