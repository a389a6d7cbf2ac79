import type { Generated } from "kysely";

/** The tables the pricing feature owns (src/server/db/schema.ts assembles every feature's). */
export interface PricingTables {
  countries: { id: number; code: string; is_eu: number; is_shipping_enabled: number; position: number };
  vat_rates: { country_id: number; vat_class: string; rate_basis_points: number };
  shipping_methods: {
    id: number;
    code: string;
    kind: string;
    carrier: string | null;
    position: number;
    is_active: number;
  };
  shipping_method_translations: { method_id: number; culture: string; name: string };
  shipping_rates: {
    method_id: number;
    country_id: number;
    amount_tax_excl: number;
    free_from_tax_incl: number | null;
    /** Business days in transit, shortest and longest (null: not said; 031). */
    transit_days_min: Generated<number | null>;
    transit_days_max: Generated<number | null>;
  };
  cities: {
    id: Generated<number>;
    country_id: number;
    postal_code: string;
    name: string;
    latitude: number | null;
    longitude: number | null;
  };
}
