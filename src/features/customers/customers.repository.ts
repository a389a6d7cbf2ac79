import type { Executor } from "../../server/db/client";
import type { SignedInCustomer } from "./customers";

export async function findCustomerByEmail(ex: Executor, email: string) {
  return ex.selectFrom("customers").selectAll().where("email", "=", email).executeTakeFirst();
}

export async function findCustomerById(ex: Executor, id: number): Promise<SignedInCustomer | undefined> {
  const row = await ex
    .selectFrom("customers")
    .select(["id", "email", "first_name", "last_name", "culture", "is_business", "role"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        culture: row.culture,
        isBusiness: row.is_business === 1,
        role: row.role,
      }
    : undefined;
}
