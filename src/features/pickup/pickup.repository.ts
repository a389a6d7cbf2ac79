import type { Executor } from "~/server/db/client";

/** Our shops where parcels can be collected (the static carrier). */
export function activePickupPoints(ex: Executor) {
  return ex.selectFrom("pickup_points").selectAll().where("is_active", "=", 1).execute();
}

export function activePickupPoint(ex: Executor, id: number) {
  return ex.selectFrom("pickup_points").select("id").where("id", "=", id).where("is_active", "=", 1).executeTakeFirst();
}
