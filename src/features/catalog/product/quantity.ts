/**
 * Quantity rules of spec 001 section 5, one pure function for every quantity field (product page,
 * cart lines, lists): min defaults to 1, max is unlimited when 0 or absent, step defaults to 1.
 * With a step above 1 the value snaps to a multiple of the step: up when the shopper increased it,
 * down when they decreased it, to the nearest otherwise. Below min becomes min, above max becomes max,
 * and anything that is not a number becomes empty (null).
 */
export const QUANTITY_CORRECTION_DELAY_MS = 600;

export interface QuantityRules {
  min?: number | null;
  max?: number | null;
  step?: number | null;
}

export type Direction = "up" | "down" | null;

export interface NormalizedRules {
  min: number;
  max: number | null;
  step: number;
}

export function normalizeRules(rules: QuantityRules = {}): NormalizedRules {
  const positive = (n: number | null | undefined) => (typeof n === "number" && Number.isFinite(n) && n > 0 ? n : null);
  return { min: positive(rules.min) ?? 1, max: positive(rules.max), step: positive(rules.step) ?? 1 };
}

/** The number a field holds, or null: digits with an optional decimal part (dot or comma). */
export function parseQuantity(raw: string | number | null | undefined): number | null {
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : null;
  const text = (raw ?? "").trim();
  if (!/^\d+(?:[.,]\d+)?$/.test(text)) return null;
  return Number(text.replace(",", "."));
}

export function correctQuantity(
  raw: string | number | null | undefined,
  rules: QuantityRules = {},
  direction: Direction = null,
): number | null {
  const value = parseQuantity(raw);
  if (value === null) return null;
  const { min, max, step } = normalizeRules(rules);
  let corrected = value;
  if (step > 1) {
    const ratio = value / step;
    const multiple =
      direction === "up" ? Math.ceil(ratio) : direction === "down" ? Math.floor(ratio) : Math.round(ratio);
    corrected = multiple * step;
  } else {
    corrected = direction === "down" ? Math.floor(value) : direction === "up" ? Math.ceil(value) : Math.round(value);
  }
  if (corrected < min) corrected = min;
  if (max !== null && corrected > max) corrected = max;
  return corrected;
}

/** A value worth asking the server about (variant refresh): a number, at least min, within max. */
export function isUsableQuantity(raw: string | number | null | undefined, rules: QuantityRules = {}): boolean {
  const value = parseQuantity(raw);
  const { min, max } = normalizeRules(rules);
  return value !== null && value >= min && (max === null || value <= max);
}

/** The next value of a stepper button. */
export function stepQuantity(
  current: string | number | null | undefined,
  rules: QuantityRules,
  direction: "up" | "down",
): number {
  const { min, step } = normalizeRules(rules);
  const value = parseQuantity(current) ?? min;
  return correctQuantity(direction === "up" ? value + step : value - step, rules, direction) ?? min;
}
