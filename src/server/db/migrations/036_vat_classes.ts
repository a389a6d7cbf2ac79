import { type Kysely, sql } from "kysely";

/**
 * Four VAT classes a product may have (issue 72): standard, reduced, super-reduced and zero. A shop's
 * countries had the first two; each gets the other two, so a product of any class finds its rate in every
 * country: zero at 0 %, super-reduced at the country's reduced rate until the owner sets it (a new shop
 * starts from `src/features/pricing/european-vat.ts`).
 */
export async function m036_vat_classes(anyDb: Kysely<unknown>): Promise<void> {
  await sql`
    insert into vat_rates (country_id, vat_class, rate_basis_points)
    select r.country_id, 'super-reduced', r.rate_basis_points from vat_rates r
    where r.vat_class = 'reduced'
      and not exists (select 1 from vat_rates s where s.country_id = r.country_id and s.vat_class = 'super-reduced')`.execute(
    anyDb,
  );
  await sql`
    insert into vat_rates (country_id, vat_class, rate_basis_points)
    select c.id, 'zero', 0 from countries c
    where not exists (select 1 from vat_rates z where z.country_id = c.id and z.vat_class = 'zero')`.execute(anyDb);
}
