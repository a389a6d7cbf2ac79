import type { AdminActor } from "~/features/integration/integration";
import { audit } from "~/features/integration/integration.server";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { EUROPEAN_COUNTRIES, europeanCountry, VAT_CLASSES, type VatClass } from "./european-vat";
import {
  countriesWithRates,
  insertCountry,
  lockCountries,
  putVatRates,
  setCountrySelling,
} from "./shipping.repository";

export interface CountryAnswer {
  Code: string;
  Eu: boolean;
  Selling: boolean;
  /** Basis points by VAT class: 2100 is 21 %. */
  Rates: Record<VatClass, number>;
}

/** The shop's countries with their rates, and the European ones it may add. */
export async function countryAnswers(): Promise<{ Countries: CountryAnswer[]; Available: string[] }> {
  const countries = await countriesWithRates(db());
  const have = new Set(countries.map((c) => c.code));
  return {
    Countries: countries.map((c) => ({
      Code: c.code,
      Eu: c.is_eu === 1,
      Selling: c.is_shipping_enabled === 1,
      Rates: Object.fromEntries(VAT_CLASSES.map((k) => [k, c.rates[k] ?? 0])) as Record<VatClass, number>,
    })),
    Available: EUROPEAN_COUNTRIES.map((c) => c.code).filter((code) => !have.has(code)),
  };
}

/**
 * A country the shop sells to, added or changed by its ISO code (any EU or EEA country and Switzerland):
 * whether it sells there, and its VAT rate of each class (a new one starts with the reference's,
 * `european-vat.ts`). Prices follow at once on every process: the tables move the public version.
 */
export async function putCountry(
  actor: AdminActor,
  code: string,
  body: { Selling?: boolean | undefined; Rates?: Partial<Record<VatClass, number>> | undefined },
): Promise<CountryAnswer & { Created: boolean }> {
  const reference = europeanCountry(code);
  if (!reference) throw new ApiError("CountryNotFound");
  const created = await db()
    .transaction()
    .execute(async (trx) => {
      await lockCountries(trx);
      const existing = (await countriesWithRates(trx)).find((c) => c.code === code);
      const rates = Object.fromEntries(Object.entries(body.Rates ?? {}).filter(([, v]) => v !== undefined)) as Record<
        string,
        number
      >;
      if (existing) {
        if (body.Selling !== undefined) await setCountrySelling(trx, existing.id, body.Selling);
        await putVatRates(trx, existing.id, rates);
      } else {
        await insertCountry(trx, {
          code,
          isEu: reference.eu,
          selling: body.Selling ?? true,
          rates: { ...reference.rates, ...rates },
        });
      }
      await audit(actor, existing ? "country.update" : "country.create", `country:${code}`, body, trx);
      return !existing;
    });
  const answer = (await countryAnswers()).Countries.find((c) => c.Code === code) as CountryAnswer;
  return { ...answer, Created: created };
}
