import { z } from "zod";
import { customerPage } from "~/features/customers/customers.server";
import { db } from "~/server/db/client";
import { defineEndpoint, SuccessAnswer } from "~/server/http/endpoint";
import { SCOPES } from "./integration";
import { adminActor, staffAudit, staffCreateToken, staffRevokeToken, staffTokens } from "./integration.server";

const TokenRow = z.object({
  Id: z.number(),
  Name: z.string(),
  Scopes: z.array(z.string()),
  CreatedBy: z.string(),
  CreatedAt: z.string(),
  LastUsedAt: z.string().nullable(),
  RevokedAt: z.string().nullable(),
});

export const listTokens = defineEndpoint({
  method: "get",
  path: "/admin/tokens",
  summary:
    "Staff only (signed in, not a token): the integration API's tokens, their scopes and last use; never their value",
  tags: ["integration"],
  response: z.array(TokenRow),
  crossOrigin: true,
  run: async (call) =>
    (await staffTokens(call)).map((t) => ({
      Id: t.id,
      Name: t.name,
      Scopes: t.scopes.split(","),
      CreatedBy: t.created_by,
      CreatedAt: t.created_at,
      LastUsedAt: t.last_used_at,
      RevokedAt: t.revoked_at,
    })),
});

export const createToken = defineEndpoint({
  method: "post",
  path: "/admin/tokens",
  summary: "Staff only: a new token with its scopes; its value is in this answer only (stored hashed)",
  tags: ["integration"],
  body: z.object({
    Name: z
      .string()
      .trim()
      .regex(/^[\w .-]{2,60}$/),
    Scopes: z.array(z.enum(SCOPES)).min(1).max(SCOPES.length),
  }),
  response: z.object({ Id: z.number(), Token: z.string() }),
  crossOrigin: true,
  run: async (call) => {
    const created = await staffCreateToken(call, call.body.Name, call.body.Scopes);
    return { Id: created.id, Token: created.token };
  },
});

export const revokeToken = defineEndpoint({
  method: "delete",
  path: "/admin/tokens/:id",
  summary: "Staff only: revoke a token at once (404 unknown or already revoked)",
  tags: ["integration"],
  params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
  crossOrigin: true,
  response: SuccessAnswer,
  run: async (call) => {
    await staffRevokeToken(call, call.params.id);
    return { Success: true };
  },
});

export const auditLog = defineEndpoint({
  method: "get",
  path: "/admin/audit",
  summary: "Staff only: the last 200 writes made through the integration API and the staff pages (who, when, what)",
  tags: ["integration"],
  response: z.array(
    z.object({ Actor: z.string(), Action: z.string(), Target: z.string(), Detail: z.string(), At: z.string() }),
  ),
  crossOrigin: true,
  run: async (call) =>
    (await staffAudit(call)).map((e) => ({
      Actor: e.actor,
      Action: e.action,
      Target: e.target,
      Detail: e.detail,
      At: e.at,
    })),
});

export const adminCustomers = defineEndpoint({
  method: "get",
  path: "/admin/customers",
  summary:
    "Integration API (customers:read, or staff): customers newest first, 100 a page, by the start of their e-mail (q); names, language, company and VAT number, never a secret",
  tags: ["integration"],
  query: z.object({
    q: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  crossOrigin: true,
  response: z.array(
    z.object({
      Id: z.number(),
      Email: z.string(),
      FirstName: z.string(),
      LastName: z.string(),
      Culture: z.string(),
      IsBusiness: z.boolean(),
      CompanyName: z.string().nullable(),
      VatNumber: z.string().nullable(),
      Role: z.string(),
      CreatedAt: z.string(),
      EmailVerified: z.boolean(),
    }),
  ),
  run: async (call) => {
    await adminActor(call, "customers:read");
    return (await customerPage(db(), call.query.q, (call.query.page - 1) * 100, 100)).map((c) => ({
      Id: c.id,
      Email: c.email,
      FirstName: c.first_name,
      LastName: c.last_name,
      Culture: c.culture,
      IsBusiness: c.is_business === 1,
      CompanyName: c.company_name,
      VatNumber: c.vat_number,
      Role: c.role,
      CreatedAt: c.created_at,
      EmailVerified: c.email_verified_at !== null,
    }));
  },
});
