import type { Executor } from "~/server/db/client";

/** Every setting the owner set, by variable name. */
export async function storedShopSettings(ex: Executor) {
  return ex.selectFrom("shop_settings").select(["key", "value", "updated_at", "updated_by"]).orderBy("key").execute();
}

/** Writes the owner's settings: a value set or changed, an empty one removed (the environment's again). */
export async function writeShopSettings(
  ex: Executor,
  values: Readonly<Record<string, string | null>>,
  at: string,
  by: string,
): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    if (value === null) {
      await ex.deleteFrom("shop_settings").where("key", "=", key).execute();
      continue;
    }
    await ex
      .insertInto("shop_settings")
      .values({ key, value, updated_at: at, updated_by: by })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: at, updated_by: by }))
      .execute();
  }
}
