import type { Executor } from "~/server/db/client";
import type { AddressRow } from "~/server/db/schema";
import type { Address, SavedAddress } from "./addresses";

export type { SavedAddress };

function toAddress(row: AddressRow): SavedAddress {
  return {
    Id: row.id,
    AddressType: row.address_type as SavedAddress["AddressType"],
    FirstName: row.first_name,
    LastName: row.last_name,
    Company: row.company,
    Street1: row.street1,
    Street2: row.street2,
    PostalCode: row.postal_code,
    City: row.city,
    CountryId: row.country_id,
    Phone: row.phone,
  };
}

/** A customer's own address; another customer's is not found. */
export async function customerAddress(ex: Executor, customerId: number, id: number): Promise<SavedAddress | undefined> {
  const row = await ex
    .selectFrom("addresses")
    .selectAll()
    .where("customer_id", "=", customerId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toAddress(row) : undefined;
}

export async function customerAddresses(ex: Executor, customerId: number): Promise<SavedAddress[]> {
  const rows = await ex
    .selectFrom("addresses")
    .selectAll()
    .where("customer_id", "=", customerId)
    .orderBy("id")
    .execute();
  return rows.map(toAddress);
}

function columns(address: Address, type: string) {
  return {
    address_type: type,
    first_name: address.FirstName,
    last_name: address.LastName,
    company: address.Company,
    street1: address.Street1,
    street2: address.Street2,
    postal_code: address.PostalCode,
    city: address.City,
    country_id: address.CountryId,
    phone: address.Phone,
  };
}

export async function insertAddress(ex: Executor, customerId: number, address: Address, type: string): Promise<number> {
  const row = await ex
    .insertInto("addresses")
    .values({ customer_id: customerId, created_at: new Date().toISOString(), ...columns(address, type) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAddress(
  ex: Executor,
  customerId: number,
  id: number,
  address: Address,
  type: string,
): Promise<boolean> {
  const result = await ex
    .updateTable("addresses")
    .set(columns(address, type))
    .where("customer_id", "=", customerId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Deletes one of the customer's own addresses (orders keep their own copy); false when not theirs. The
 * customer's defaults pointing at it are the customers feature's to clear (`forgetDefaultAddress`).
 */
export async function deleteAddress(ex: Executor, customerId: number, id: number): Promise<boolean> {
  const result = await ex
    .deleteFrom("addresses")
    .where("customer_id", "=", customerId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export interface AddressDefaults {
  billing: number | null;
  shipping: number | null;
}

export async function addressDefaults(ex: Executor, customerId: number): Promise<AddressDefaults> {
  const row = await ex
    .selectFrom("customers")
    .select(["default_billing_address_id", "default_shipping_address_id"])
    .where("id", "=", customerId)
    .executeTakeFirst();
  return { billing: row?.default_billing_address_id ?? null, shipping: row?.default_shipping_address_id ?? null };
}
