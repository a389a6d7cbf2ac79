import type { DbHandle } from "~/server/db/client";
import { COUNTRIES } from "~/server/db/seed/catalog-data";
import { insertMany } from "~/server/db/seed/seeder";

/** Countries shipped to and their VAT rates. */
export async function seedPricing(handle: DbHandle): Promise<void> {
  await insertMany(
    handle,
    "countries",
    COUNTRIES.map((c, i) => ({ id: i + 1, code: c.code, is_eu: c.eu ? 1 : 0, is_shipping_enabled: 1, position: i })),
  );
  await insertMany(
    handle,
    "vat_rates",
    COUNTRIES.flatMap((c, i) => [
      { country_id: i + 1, vat_class: "standard", rate_basis_points: c.standard },
      { country_id: i + 1, vat_class: "reduced", rate_basis_points: c.reduced },
    ]),
  );
}
