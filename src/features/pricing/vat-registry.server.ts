import { env } from "~/server/config/env";

/** A VAT registry: true or false when it answered, null when it could not say (down, slow, unknown). */
export interface VatRegistry {
  check(countryCode: string, number: string): Promise<boolean | null>;
}

/**
 * The EU VIES REST service (`POST {base}/check-vat-number` with countryCode and vatNumber, answering
 * `valid`). Any failure or a reply slower than the timeout is "unknown", never an error for the shopper.
 */
export function viesRegistry(baseUrl: string, timeoutMs: number): VatRegistry {
  return {
    async check(countryCode, number) {
      try {
        const response = await fetch(`${baseUrl.replace(/\/$/, "")}/check-vat-number`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ countryCode, vatNumber: number.slice(2) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return null;
        const body = (await response.json()) as { valid?: unknown; userError?: string };
        return typeof body.valid === "boolean" ? body.valid : null;
      } catch {
        return null;
      }
    },
  };
}

const unreachable: VatRegistry = { check: async () => null };

let override: VatRegistry | undefined;

/** Tests put a registry of their own (a local server standing in for VIES). */
export function setVatRegistry(registry: VatRegistry | undefined): void {
  override = registry;
}

export function vatRegistry(): VatRegistry {
  if (override) return override;
  const { VIES_URL, VIES_TIMEOUT_MS } = env();
  return VIES_URL ? viesRegistry(VIES_URL, VIES_TIMEOUT_MS) : unreachable;
}
