import type { DbHandle } from "~/server/db/client";
import { COUNTRIES } from "~/server/db/seed/catalog-data";
import { insertMany } from "~/server/db/seed/seeder";
import { europeanCountry } from "./european-vat";

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
      // The other two classes as the reference has them (its standard and reduced are the seed's).
      {
        country_id: i + 1,
        vat_class: "super-reduced",
        rate_basis_points: europeanCountry(c.code)?.rates["super-reduced"] ?? c.reduced,
      },
      { country_id: i + 1, vat_class: "zero", rate_basis_points: 0 },
    ]),
  );
}
