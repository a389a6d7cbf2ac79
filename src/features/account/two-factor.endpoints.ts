import { z } from "zod";
import { defineEndpoint, SuccessAnswer } from "~/server/http/endpoint";
import { confirmEnrolment, disableTwoFactor, startEnrolment, twoFactorStatus } from "./two-factor.server";

const Code = z.string().trim().min(1).max(40);

export const status = defineEndpoint({
  method: "get",
  path: "/security/twofactor/status",
  summary: "Whether the signed-in customer has two-factor sign-in, and how many recovery codes are left",
  tags: ["security"],
  response: z.object({ Enabled: z.boolean(), RecoveryCodesLeft: z.number() }),
  auth: true,
  run: async ({ customerId }) => {
    const current = await twoFactorStatus(customerId);
    return { Enabled: current.enabled, RecoveryCodesLeft: current.recoveryCodesLeft };
  },
});

export const setup = defineEndpoint({
  method: "post",
  path: "/security/twofactor/setup",
  summary:
    "Start two-factor enrolment: a secret kept in the session until confirmed, its otpauth:// URI and the URI as an SVG QR code",
  tags: ["security"],
  response: z.object({ Secret: z.string(), Uri: z.string(), QrSvg: z.string() }),
  auth: true,
  run: async ({ session, customerId }) => {
    const enrolment = await startEnrolment(session, customerId);
    return { Secret: enrolment.secret, Uri: enrolment.uri, QrSvg: enrolment.qrSvg };
  },
});

export const enable = defineEndpoint({
  method: "post",
  path: "/security/twofactor/enable",
  summary: "Confirm enrolment with a first code; answers the one-time recovery codes, shown this once",
  tags: ["security"],
  body: z.object({ Code }),
  response: z.object({ RecoveryCodes: z.array(z.string()) }),
  auth: true,
  run: async ({ session, customerId, body, culture }) => ({
    RecoveryCodes: await confirmEnrolment(session, customerId, body.Code, culture),
  }),
});

export const disable = defineEndpoint({
  method: "post",
  path: "/security/twofactor/disable",
  summary: "Turn two-factor off: the password and a code (or a recovery code) are both required",
  tags: ["security"],
  body: z.object({ Password: z.string().min(1).max(200), Code }),
  auth: true,
  response: SuccessAnswer,
  run: async ({ customerId, body, culture }) => {
    await disableTwoFactor(customerId, body, culture);
    return { Success: true };
  },
});
