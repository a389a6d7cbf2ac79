import { z } from "zod";
import { defineEndpoint, SuccessAnswer } from "~/server/http/endpoint";
import { putStaffNote, staffCustomer, staffCustomerExport } from "./customers.server";
import { dashboard } from "./dashboard.server";
import { shopSettingsView, updateShopSettings } from "./settings.server";
import { AcceptBody, InvitationBody, RoleBody, StaffRoleSchema } from "./staff";
import { acceptInvitation, changeStaffRole, inviteStaff, staffOverview, withdrawInvitation } from "./staff.server";

const TAGS = ["staff"];
const Id = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const getStaff = defineEndpoint({
  method: "get",
  path: "/admin/staff",
  summary:
    "The owner, signed in (not a token): the staff accounts with their role (owner, assistant, editor) and two-factor state, and the invitations still open",
  tags: TAGS,
  crossOrigin: true,
  response: z.object({
    Members: z.array(
      z.object({ Id: z.number(), Email: z.string(), Name: z.string(), Role: StaffRoleSchema, TwoFactor: z.boolean() }),
    ),
    Invitations: z.array(
      z.object({
        Id: z.number(),
        Email: z.string(),
        Role: StaffRoleSchema,
        InvitedBy: z.string(),
        ExpiresAt: z.string(),
      }),
    ),
  }),
  run: (call) => staffOverview(call),
});

export const postInvitation = defineEndpoint({
  method: "post",
  path: "/admin/staff/invitations",
  summary:
    "The owner invites someone to the staff with a role: a one-time link by mail (in Culture, else the caller's), valid seven days; a new invitation to the same address replaces the open one",
  tags: TAGS,
  crossOrigin: true,
  body: InvitationBody,
  response: z.object({ Id: z.number(), ExpiresAt: z.string() }),
  run: (call) => inviteStaff(call, call.body, call.culture),
});

export const deleteInvitation = defineEndpoint({
  method: "delete",
  path: "/admin/staff/invitations/:id",
  summary: "The owner withdraws an open invitation: its link stops working",
  tags: TAGS,
  crossOrigin: true,
  params: Id,
  response: SuccessAnswer,
  run: async (call) => {
    await withdrawInvitation(call, call.params.id);
    return { Success: true };
  },
});

export const putStaffRole = defineEndpoint({
  method: "put",
  path: "/admin/staff/:id",
  summary:
    "The owner changes a staff member's role (owner, assistant, editor) or takes them off the staff (customer); never their own role, never the last owner's",
  tags: TAGS,
  crossOrigin: true,
  params: Id,
  body: RoleBody,
  response: SuccessAnswer,
  run: async (call) => {
    await changeStaffRole(call, call.params.id, call.body.Role, call.culture);
    return { Success: true };
  },
});

export const acceptInvitationEndpoint = defineEndpoint({
  method: "post",
  path: "/staff/invitations/accept",
  summary:
    "The invited person accepts with the link's Token: the password of their account at that address, or a new account's FirstName, LastName and Password; then they sign in",
  tags: TAGS,
  body: AcceptBody,
  response: z.object({ Email: z.string() }),
  run: async (call) => ({ Email: (await acceptInvitation(call.body, call.culture)).email }),
});

const SettingsAnswer = z.object({
  Settings: z.array(
    z.object({
      Name: z.string(),
      Value: z.string().nullable(),
      Stored: z.string().nullable(),
      Environment: z.string().nullable(),
      UpdatedBy: z.string().nullable(),
    }),
  ),
  PaymentProvider: z.string(),
  MailServer: z.boolean(),
  ReadyToSell: z.array(z.object({ Key: z.string(), Done: z.boolean(), Missing: z.array(z.string()) })),
});

export const getSettings = defineEndpoint({
  method: "get",
  path: "/admin/settings",
  summary:
    "The owner, signed in (not a token): the shop's settings (name, e-mail, sender and reply-to, address, phone, company, company and VAT numbers), each as in effect, as stored and as the environment has it; the payment provider and mail server (from the environment, read-only); what the shop still needs to sell",
  tags: TAGS,
  crossOrigin: true,
  response: SettingsAnswer,
  run: (call) => shopSettingsView(call),
});

export const putSettings = defineEndpoint({
  method: "put",
  path: "/admin/settings",
  summary:
    "The owner changes settings by name (SHOP_NAME, SHOP_EMAIL, MAIL_FROM, MAIL_REPLY_TO, SHOP_ADDRESS, SHOP_PHONE, COMPANY_NAME, COMPANY_NUMBER, VAT_NUMBER): each checked by its rule, an empty value or null gives the environment's back; every process applies them at its next request",
  tags: TAGS,
  crossOrigin: true,
  body: z.record(z.string(), z.string().max(300).nullable()),
  response: SettingsAnswer,
  run: (call) => updateShopSettings(call, call.body, call.culture),
});

export const getDashboard = defineEndpoint({
  method: "get",
  path: "/admin/dashboard",
  summary:
    "Integration API (orders:read): today's and this month's orders and revenue (cents, tax included; days in Brussels time), orders to ship, refund and delivery-change requests waiting, variants at or below STOCK_LOW_THRESHOLD, webhook deliveries given up on",
  tags: TAGS,
  crossOrigin: true,
  response: z.object({
    Today: z.object({ Orders: z.number(), Revenue: z.number() }),
    Month: z.object({ Orders: z.number(), Revenue: z.number() }),
    ToShip: z.number(),
    RefundRequests: z.number(),
    DeliveryChanges: z.number(),
    LowStock: z.number(),
    LowStockThreshold: z.number(),
    FailedWebhooks: z.number(),
  }),
  run: (call) => dashboard(call),
});

const CustomerId = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const getStaffCustomer = defineEndpoint({
  method: "get",
  path: "/admin/customers/:id",
  summary:
    "Integration API (customers:read, or staff): a customer's account and business data, addresses, orders, prepaid accounts, lists counted, last consent and the staff's note (404 a closed account)",
  tags: TAGS,
  params: CustomerId,
  crossOrigin: true,
  response: z.object({
    Id: z.number(),
    Email: z.string(),
    FirstName: z.string(),
    LastName: z.string(),
    Culture: z.string(),
    Role: z.string(),
    CreatedAt: z.string(),
    EmailVerified: z.boolean(),
    TwoFactor: z.boolean(),
    Business: z.object({ Company: z.string().nullable(), VatNumber: z.string().nullable() }).nullable(),
    Note: z.string().nullable(),
    Addresses: z.array(
      z.object({
        Type: z.string(),
        Name: z.string(),
        Company: z.string().nullable(),
        Lines: z.array(z.string()),
        Phone: z.string().nullable(),
      }),
    ),
    Orders: z.array(z.object({ Number: z.string(), Status: z.string(), Total: z.number(), CreatedAt: z.string() })),
    Prepaid: z.array(z.object({ Id: z.number(), Name: z.string(), Balance: z.number(), Movements: z.number() })),
    Wishlists: z.number(),
    BirthLists: z.number(),
    RefundRequests: z.number(),
    Consent: z.unknown(),
  }),
  run: (call) => staffCustomer(call, call.params.id),
});

export const putStaffNoteEndpoint = defineEndpoint({
  method: "put",
  path: "/admin/customers/:id/note",
  summary: "Staff (signed in, not a token): the staff's note on a customer, never shown to her; empty removes it",
  tags: TAGS,
  params: CustomerId,
  body: z.object({ Note: z.string().max(4000) }),
  crossOrigin: true,
  response: SuccessAnswer,
  run: async (call) => {
    await putStaffNote(call, call.params.id, call.body.Note);
    return { Success: true };
  },
});

export const getStaffCustomerExport = defineEndpoint({
  method: "get",
  path: "/admin/customers/:id/export",
  summary:
    "Integration API (customers:read, or staff): everything the shop holds about a customer, as her own export gives it (GDPR article 15), to answer her request; audited",
  tags: TAGS,
  params: CustomerId,
  crossOrigin: true,
  response: z.record(z.string(), z.unknown()),
  run: async (call) => {
    const data = await staffCustomerExport(call, call.params.id);
    call.header(
      "Content-Disposition",
      `attachment; filename="customer-${call.params.id}-${data.ExportedAt.slice(0, 10)}.json"`,
    );
    return data;
  },
});
