import { customerPage, setStaffNote } from "~/features/customers/customers.server";
import { type AdminCall, adminActor, audit, staffInPerson } from "~/features/integration/integration.server";
import { personalDataExport } from "~/features/privacy/privacy.server";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";

export const CUSTOMERS_PER_PAGE = 50;

/** The staff's customer search (issue 72): by e-mail, name or VAT number, newest first. */
export async function staffCustomers(call: AdminCall, q: string, page: number) {
  await adminActor(call, "customers:read");
  const rows = await customerPage(db(), q, (page - 1) * CUSTOMERS_PER_PAGE, CUSTOMERS_PER_PAGE + 1);
  return { rows: rows.slice(0, CUSTOMERS_PER_PAGE), more: rows.length > CUSTOMERS_PER_PAGE };
}

/**
 * A customer as staff see her (issue 72): her account and business data, addresses, orders, prepaid
 * accounts, lists counted, consent given, the staff's note. Read from her data export (the privacy
 * feature's), so the page shows nothing the export would not.
 */
export async function staffCustomer(call: AdminCall, id: number) {
  await adminActor(call, "customers:read");
  const data = await personalDataExport(id).catch((error: unknown) => {
    // A closed account, or none: her export answers Unauthorized for herself; here it is not found.
    if (error instanceof ApiError && error.code === "Unauthorized") throw new ApiError("NotFound");
    throw error;
  });
  return {
    Id: id,
    Email: data.Account.email,
    FirstName: data.Account.first_name,
    LastName: data.Account.last_name,
    Culture: data.Account.culture,
    Role: data.Account.role,
    CreatedAt: data.Account.created_at,
    EmailVerified: data.Account.email_verified_at !== null,
    TwoFactor: data.Account.totp_enabled_at !== null,
    Business:
      data.Account.is_business === 1
        ? { Company: data.Account.company_name, VatNumber: data.Account.vat_number }
        : null,
    Note: data.Account.staff_note,
    Addresses: data.Addresses.map((a) => ({
      Type: a.address_type,
      Name: [a.first_name, a.last_name].filter(Boolean).join(" "),
      Company: a.company,
      Lines: [a.street1, a.street2, `${a.postal_code} ${a.city}`].filter(Boolean) as string[],
      Phone: a.phone,
    })),
    Orders: data.Orders.map((o) => ({
      Number: o.number,
      Status: o.status,
      Total: o.total_tax_incl,
      CreatedAt: o.created_at,
    })).reverse(),
    Prepaid: data.Prepaid.map((a) => ({ Id: a.id, Name: a.name, Balance: a.balance, Movements: a.movements.length })),
    Wishlists: data.Wishlists.length,
    BirthLists: data.BirthLists.length,
    RefundRequests: data.RefundRequests.length,
    Consent: data.ConsentRecords.at(-1) ?? null,
  };
}

/** The staff's note on a customer (the assistant's and the owner's), audited; empty removes it. */
export async function putStaffNote(call: AdminCall, id: number, note: string) {
  // Staff in person, from our own pages: a token or another site's request is refused.
  const actor = await staffInPerson(call, true, "customers");
  const text = note.trim() || null;
  const done = await db()
    .transaction()
    .execute(async (trx) => {
      if (!(await setStaffNote(trx, id, text))) return false;
      await audit(actor, "customer.note", `customer:${id}`, { length: text?.length ?? 0 }, trx);
      return true;
    });
  if (!done) throw new ApiError("NotFound");
}

/** Her data export, for the staff who answer her request by mail (audited: who read it). */
export async function staffCustomerExport(call: AdminCall, id: number) {
  const actor = await adminActor(call, "customers:read");
  const data = await personalDataExport(id).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "Unauthorized") throw new ApiError("NotFound");
    throw error;
  });
  await audit(actor, "customer.export", `customer:${id}`, null);
  return data;
}
