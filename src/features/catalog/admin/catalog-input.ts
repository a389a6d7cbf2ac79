import type { VatClass } from "~/features/pricing/european-vat";
import type { Culture } from "~/lib/culture";

/**
 * What a merchant's feed says of one product (issue 35), from the integration API's JSON or from the
 * rows of a CSV file: the same shape either way, applied by `CatalogWriter`. `undefined` means "not
 * said": the stored value stays as it is (a feed with fewer columns changes only what it carries).
 */
/** Google's apparel attributes: `gender` and `age_group` of its product data specification. */
export const GENDERS = ["male", "female", "unisex"] as const;
export const AGE_GROUPS = ["newborn", "infant", "toddler", "kids", "adult"] as const;
export type Gender = (typeof GENDERS)[number];
export type AgeGroup = (typeof AGE_GROUPS)[number];

export interface ProductInput {
  key: string;
  /** The row of the product's first line (CSV), for the errors of product-level fields. */
  row: number;
  names: Partial<Record<Culture, string>>;
  descriptions: Partial<Record<Culture, string>>;
  /** A category's key, or a path of French names ("Vêtements > T-shirts"), created when missing. */
  category?: string;
  brand?: string;
  published?: boolean;
  /** Asset ids or library paths, in order. */
  images?: string[];
  /** Unit-price content: 750 ml is { measure: "l", contentMilli: 750 }; null: none. */
  unit?: { measure: "l" | "kg" | "m"; contentMilli: number } | null;
  /** Apparel's audience as Google names it (product feeds, structured data); null: none. */
  gender?: Gender | null;
  ageGroup?: AgeGroup | null;
  /** Its VAT class (issue 72): each country's rate of that class applies; unsaid, a new product's is standard. */
  vatClass?: VatClass;
  tags?: string[];
  /** Keys of related products, in order. */
  related?: string[];
  variants: VariantInput[];
}

export interface VariantInput {
  row: number;
  sku: string;
  ean?: string | null;
  /** Until when the price is a sale (ISO time), null for none; absent leaves it as it is. */
  saleEndsAt?: string | null;
  /** Attribute code → the value's name (French) or code; "" removes the variant's value of that attribute. */
  attributes: Record<string, string>;
  /** Up to three swatch colours of the variant's colour value. */
  colourCodes?: string[];
  /** Cents, tax excluded. */
  price: number;
  tiers?: { minQuantity: number; amount: number }[];
  minQuantity?: number;
  maxQuantity?: number | null;
  step?: number;
  /** Warehouse code → units. */
  stock: Record<string, number>;
}

/** One refused value: where (row, column) and why (a message key of `Import.*` and its values). */
export interface RowError {
  row: number;
  column: string;
  key: string;
  values?: Record<string, unknown>;
}

export class RowRefused extends Error {
  constructor(readonly errors: RowError[]) {
    super("row refused");
  }
}

export const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,63}$/;
export const MAX_NAME = 200;
export const MAX_DESCRIPTION = 20_000;
export const MAX_STOCK = 1_000_000;
export const MAX_PRICE_CENTS = 100_000_000;

/** "19.90" → 1990 (euros with a dot, at most two decimals, above zero); null when it is not one. */
export function parsePrice(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return cents > 0 && cents <= MAX_PRICE_CENTS ? cents : null;
}

export function formatPrice(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** "10:9.50;50:9.00" → tiers above one unit; null when malformed. */
export function parseTiers(text: string): { minQuantity: number; amount: number }[] | null {
  if (text.trim() === "") return [];
  const tiers: { minQuantity: number; amount: number }[] = [];
  for (const part of text.split(";")) {
    const match = /^\s*(\d{1,6})\s*:\s*(.+)$/.exec(part);
    const amount = match ? parsePrice(match[2] as string) : null;
    const minQuantity = match ? Number(match[1]) : 0;
    if (amount === null || minQuantity < 2 || tiers.some((t) => t.minQuantity === minQuantity)) return null;
    tiers.push({ minQuantity, amount });
  }
  return tiers.sort((a, b) => a.minQuantity - b.minQuantity);
}

export function formatTiers(tiers: { minQuantity: number; amount: number }[]): string {
  return tiers.map((t) => `${t.minQuantity}:${formatPrice(t.amount)}`).join(";");
}

/** EAN-8, UPC-A (12), EAN-13 or GTIN-14 with a valid check digit (GS1's mod-10 weights 3, 1 from the right). */
export function isGtin(text: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(text)) return false;
  const digits = [...text].map(Number);
  const check = digits.pop() as number;
  const sum = digits.reverse().reduce((total, d, i) => total + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

export function parseBoolean(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (["1", "true", "yes", "oui", "ja", "sí", "si", "sim"].includes(value)) return true;
  if (["0", "false", "no", "non", "nee", "nein", "não", "nao"].includes(value)) return false;
  return null;
}

export const COLOUR_CODE = /^#[0-9a-fA-F]{6}$/;
