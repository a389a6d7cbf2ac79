import { Hono } from "hono";
import { z } from "zod";
import { env } from "../../server/config/env";
import type { ApiEnv } from "../../server/http/context";
import { ApiError } from "../../server/http/errors";
import { document } from "../../server/http/openapi";
import { jsonBody } from "../../server/http/validation";
import { recordConsentDecision } from "./consent.server";

export const consentRoutes = new Hono<ApiEnv>();

const DecisionSchema = z.object({
  Stamp: z.string().min(1).max(64),
  Preferences: z.boolean(),
  Statistics: z.boolean(),
  Marketing: z.boolean(),
});

document({
  method: "post",
  path: "/consent",
  summary: "Record a cookie-consent decision as proof (stamp, choices, culture, time, anonymous id)",
  tags: ["consent"],
  body: DecisionSchema,
  response: z.object({ ConsentId: z.string() }),
});
consentRoutes.post("/consent", async (c) => {
  const input = await jsonBody(c, DecisionSchema);
  // A decision for texts we no longer show proves nothing.
  if (input.Stamp !== env().CONSENT_STAMP)
    throw new ApiError("ConsentStampOutdated", { Stamp: [] }, "Errors.ConsentStampOutdated");
  const id = await recordConsentDecision(
    { stamp: input.Stamp, preferences: input.Preferences, statistics: input.Statistics, marketing: input.Marketing },
    c.get("culture"),
  );
  return c.json({ ConsentId: id });
});
