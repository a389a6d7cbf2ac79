import { z } from "zod";
import type { Culture } from "~/lib/culture";
import { handleFormPost } from "~/server/http/form-post";
import type { Session } from "~/server/session/session";
import {
  confirmEnrolment,
  disableTwoFactor,
  type Enrolment,
  startEnrolment,
  type TwoFactorStatus,
  twoFactorStatus,
} from "./two-factor.server";

export interface TwoFactorHomeModel {
  status: number;
  current: TwoFactorStatus;
  /** "home", "setup" (QR code and the confirm form), "enabled" (the recovery codes), "disabled". */
  step: "home" | "setup" | "enabled" | "disabled";
  enrolment: Enrolment | null;
  recoveryCodes: string[];
  errors: Record<string, string[]>;
  failure: string | null;
}

const PostSchema = z.discriminatedUnion("Action", [
  z.object({ Action: z.literal("enable"), Code: z.string().trim().min(1).max(40) }),
  z.object({
    Action: z.literal("disable"),
    Password: z.string().min(1).max(200),
    Code: z.string().trim().min(1).max(40),
  }),
]);

/** What the two-factor page shows for a request: its step, and the outcome of a posted form. */
export async function twoFactorHomePage(
  request: Request,
  session: Session,
  customerId: number,
  culture: Culture,
  query: URLSearchParams,
): Promise<TwoFactorHomeModel> {
  const model: TwoFactorHomeModel = {
    status: 200,
    current: await twoFactorStatus(customerId),
    step: "home",
    enrolment: null,
    recoveryCodes: [],
    errors: {},
    failure: null,
  };
  if (request.method === "POST") {
    const post = await handleFormPost(request, culture, PostSchema, async (input) => {
      if (input.Action === "enable")
        return { step: "enabled" as const, codes: await confirmEnrolment(session, customerId, input.Code, culture) };
      await disableTwoFactor(customerId, input, culture);
      return { step: "disabled" as const, codes: [] };
    });
    model.status = post.status;
    model.current = await twoFactorStatus(customerId);
    if (post.result) return { ...model, step: post.result.step, recoveryCodes: post.result.codes };
    model.errors = post.errors;
    model.failure = post.failure;
    if (post.values.Action === "enable" && !model.current.enabled) {
      model.step = "setup";
      model.enrolment = await startEnrolment(session, customerId);
    }
    return model;
  }
  if (query.get("step") === "setup" && !model.current.enabled) {
    model.step = "setup";
    model.enrolment = await startEnrolment(session, customerId);
  }
  return model;
}
