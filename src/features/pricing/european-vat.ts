/**
 * The countries a shop in the EU may sell to from the back office (issue 72): the 27 member states, the
 * EEA's Iceland, Liechtenstein and Norway, and Switzerland, with the VAT rates each sets for the four
 * classes a product may have (basis points, as of December 2026; the merchant checks them with her
 * accountant and changes any on the countries page). `reduced` is the member state's main reduced rate,
 * `superReduced` its lowest (its reduced rate where it has no lower one), `zero` 0 %. Outside the EU a
 * sale is an export: the shop charges no VAT there (the buyer pays the import's), so those countries'
 * classes all start at 0 (`eu: false`).
 */
export const VAT_CLASSES = ["standard", "reduced", "super-reduced", "zero"] as const;
export type VatClass = (typeof VAT_CLASSES)[number];

export interface EuropeanCountry {
  code: string;
  eu: boolean;
  rates: Record<VatClass, number>;
}

const rates = (standard: number, reduced: number, superReduced: number): Record<VatClass, number> => ({
  standard,
  reduced,
  "super-reduced": superReduced,
  zero: 0,
});

const EXPORT = rates(0, 0, 0);

export const EUROPEAN_COUNTRIES: readonly EuropeanCountry[] = [
  { code: "AT", eu: true, rates: rates(2000, 1000, 1000) },
  { code: "BE", eu: true, rates: rates(2100, 600, 600) },
  { code: "BG", eu: true, rates: rates(2000, 900, 900) },
  { code: "CY", eu: true, rates: rates(1900, 500, 500) },
  { code: "CZ", eu: true, rates: rates(2100, 1200, 1200) },
  { code: "DE", eu: true, rates: rates(1900, 700, 700) },
  { code: "DK", eu: true, rates: rates(2500, 2500, 2500) },
  { code: "EE", eu: true, rates: rates(2400, 900, 900) },
  { code: "ES", eu: true, rates: rates(2100, 1000, 400) },
  { code: "FI", eu: true, rates: rates(2550, 1350, 1000) },
  { code: "FR", eu: true, rates: rates(2000, 550, 210) },
  { code: "GR", eu: true, rates: rates(2400, 1300, 600) },
  { code: "HR", eu: true, rates: rates(2500, 1300, 500) },
  { code: "HU", eu: true, rates: rates(2700, 1800, 500) },
  { code: "IE", eu: true, rates: rates(2300, 1350, 480) },
  { code: "IT", eu: true, rates: rates(2200, 1000, 400) },
  { code: "LT", eu: true, rates: rates(2100, 900, 500) },
  { code: "LU", eu: true, rates: rates(1700, 800, 300) },
  { code: "LV", eu: true, rates: rates(2100, 1200, 500) },
  { code: "MT", eu: true, rates: rates(1800, 700, 500) },
  { code: "NL", eu: true, rates: rates(2100, 900, 900) },
  { code: "PL", eu: true, rates: rates(2300, 800, 500) },
  { code: "PT", eu: true, rates: rates(2300, 600, 600) },
  { code: "RO", eu: true, rates: rates(2100, 1100, 1100) },
  { code: "SE", eu: true, rates: rates(2500, 1200, 600) },
  { code: "SI", eu: true, rates: rates(2200, 950, 500) },
  { code: "SK", eu: true, rates: rates(2300, 1900, 500) },
  { code: "IS", eu: false, rates: EXPORT },
  { code: "LI", eu: false, rates: EXPORT },
  { code: "NO", eu: false, rates: EXPORT },
  { code: "CH", eu: false, rates: EXPORT },
];

export function europeanCountry(code: string): EuropeanCountry | undefined {
  return EUROPEAN_COUNTRIES.find((c) => c.code === code);
}

export function isVatClass(value: string): value is VatClass {
  return (VAT_CLASSES as readonly string[]).includes(value);
}
