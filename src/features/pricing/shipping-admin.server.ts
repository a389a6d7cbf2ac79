import { sql } from "kysely";
import type { AdminActor } from "~/features/integration/integration";
import { audit } from "~/features/integration/integration.server";
import { CULTURES, type Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { centsTyped } from "~/lib/money";
import { database, type Executor } from "~/server/db/client";
import { ApiError, type FieldErrors } from "~/server/http/errors";
import { parseFormBody } from "~/server/http/validation";
import { ShippingCode, ShippingMethodBody } from "./shipping-admin.schemas";

export interface ShippingMethodAnswer {
  Code: string;
  Kind: string;
  Names: Partial<Record<Culture, string>>;
  Position: number;
  Active: boolean;
  Rates: Record<string, { Amount: number; FreeFrom: number | null; TransitDays: { Min: number; Max: number } | null }>;
}

async function lockShipping(trx: Executor, dialect: "sqlite" | "postgres"): Promise<void> {
  // Two new methods at once would both take the next id (SQLite's write lock already orders them).
  if (dialect === "postgres") await sql`select pg_advisory_xact_lock(hashtext('vitrine-shipping'))`.execute(trx);
}

/** Creates or updates a home delivery or shop pickup method by its code; answers it as `shippingMethodAnswers` does. */
export async function putShippingMethod(
  actor: AdminActor,
  code: string,
  body: ShippingMethodBody,
  culture: Culture,
): Promise<ShippingMethodAnswer & { Created: boolean }> {
  const t = translator(culture);
  const handle = database();
  const created = await handle.db.transaction().execute(async (trx) => {
    await lockShipping(trx, handle.dialect);
    const countries = await trx.selectFrom("countries").select(["id", "code"]).execute();
    const countryIds = new Map(countries.map((c) => [c.code, c.id]));
    const unknown = Object.keys(body.Rates).filter((country) => !countryIds.has(country));
    if (unknown.length > 0)
      throw new ApiError(
        "ValidationFailed",
        Object.fromEntries(
          unknown.map((country) => [`Rates.${country}`, [t("Import.UnknownShippingCountry", { code: country })]]),
        ),
      );
    const existing = await trx.selectFrom("shipping_methods").selectAll().where("code", "=", code).executeTakeFirst();
    // A relay network needs its carrier's integration; a method's kind is what its orders were placed with.
    if (existing?.kind === "pickup")
      throw new ApiError("ValidationFailed", { Kind: [t("Import.ShippingKindNotHome")] });
    if (existing && body.Kind && body.Kind !== existing.kind)
      throw new ApiError("ValidationFailed", { Kind: [t("Import.ShippingKindFixed")] });
    // Only what differs is written: each write moves the version of public pages (026), and a back
    // office that sends the same method every hour must not empty the page cache each time.
    let id: number;
    let changed = !existing;
    if (existing) {
      id = existing.id;
      const position = body.Position ?? existing.position;
      const active = body.Active === undefined ? existing.is_active : body.Active ? 1 : 0;
      if (position !== existing.position || active !== existing.is_active) {
        await trx.updateTable("shipping_methods").set({ position, is_active: active }).where("id", "=", id).execute();
        changed = true;
      }
    } else {
      const last = await trx
        .selectFrom("shipping_methods")
        .select((eb) => [eb.fn.max("id").as("id"), eb.fn.max("position").as("position")])
        .executeTakeFirst();
      id = Number(last?.id ?? 0) + 1;
      await trx
        .insertInto("shipping_methods")
        .values({
          id,
          code,
          kind: body.Kind ?? "home",
          // The shop's own points (pickup feature): the static carrier.
          carrier: body.Kind === "store" ? "static" : null,
          position: body.Position ?? Number(last?.position ?? -1) + 1,
          is_active: body.Active === false ? 0 : 1,
        })
        .execute();
    }
    const given = Object.entries(body.Names) as [Culture, string][];
    if (given.length > 0) {
      const fallback = body.Names.fr ?? (given[0] as [Culture, string])[1];
      const names = CULTURES.map((c) => ({ method_id: id, culture: c, name: body.Names[c] ?? fallback }));
      const had = await trx
        .selectFrom("shipping_method_translations")
        .select(["culture", "name"])
        .where("method_id", "=", id)
        .execute();
      const same =
        had.length === names.length &&
        names.every((n) => had.some((h) => h.culture === n.culture && h.name === n.name));
      if (!same) {
        await trx.deleteFrom("shipping_method_translations").where("method_id", "=", id).execute();
        await trx.insertInto("shipping_method_translations").values(names).execute();
        changed = true;
      }
    }
    const rates = await trx.selectFrom("shipping_rates").selectAll().where("method_id", "=", id).execute();
    for (const [country, rate] of Object.entries(body.Rates)) {
      const countryId = countryIds.get(country) as number;
      const had = rates.find((r) => r.country_id === countryId);
      if (!had && !rate) continue;
      // Transit days left out keep what the rate had.
      const transit =
        rate?.TransitDays === undefined
          ? { min: had?.transit_days_min ?? null, max: had?.transit_days_max ?? null }
          : { min: rate.TransitDays?.Min ?? null, max: rate.TransitDays?.Max ?? null };
      if (
        had &&
        rate &&
        had.amount_tax_excl === rate.Amount &&
        had.free_from_tax_incl === (rate.FreeFrom ?? null) &&
        had.transit_days_min === transit.min &&
        had.transit_days_max === transit.max
      )
        continue;
      await trx.deleteFrom("shipping_rates").where("method_id", "=", id).where("country_id", "=", countryId).execute();
      if (rate)
        await trx
          .insertInto("shipping_rates")
          .values({
            method_id: id,
            country_id: countryId,
            amount_tax_excl: rate.Amount,
            free_from_tax_incl: rate.FreeFrom ?? null,
            transit_days_min: transit.min,
            transit_days_max: transit.max,
          })
          .execute();
      changed = true;
    }
    if (changed) await audit(actor, existing ? "shipping.update" : "shipping.create", `shipping:${code}`, body, trx);
    return !existing;
  });
  const [method] = await shippingMethodAnswers(code);
  return { ...(method as ShippingMethodAnswer), Created: created };
}

/** Every shipping method (every kind, active or not), or the one of a code, in the shape the API writes. */
export async function shippingMethodAnswers(code?: string): Promise<ShippingMethodAnswer[]> {
  const db = database().db;
  let query = db.selectFrom("shipping_methods").selectAll().orderBy("position").orderBy("id");
  if (code !== undefined) query = query.where("code", "=", code);
  const methods = await query.execute();
  if (methods.length === 0) return [];
  const ids = methods.map((m) => m.id);
  const [names, rates] = await Promise.all([
    db.selectFrom("shipping_method_translations").selectAll().where("method_id", "in", ids).execute(),
    db
      .selectFrom("shipping_rates as r")
      .innerJoin("countries as c", "c.id", "r.country_id")
      .select([
        "r.method_id",
        "c.code",
        "r.amount_tax_excl",
        "r.free_from_tax_incl",
        "r.transit_days_min",
        "r.transit_days_max",
      ])
      .where("r.method_id", "in", ids)
      .orderBy("c.position")
      .execute(),
  ]);
  return methods.map((m) => ({
    Code: m.code,
    Kind: m.kind,
    Names: Object.fromEntries(names.filter((n) => n.method_id === m.id).map((n) => [n.culture, n.name])),
    Position: m.position,
    Active: m.is_active === 1,
    Rates: Object.fromEntries(
      rates
        .filter((r) => r.method_id === m.id)
        .map((r) => [
          r.code,
          {
            Amount: r.amount_tax_excl,
            FreeFrom: r.free_from_tax_incl,
            TransitDays:
              r.transit_days_min === null || r.transit_days_max === null
                ? null
                : { Min: r.transit_days_min, Max: r.transit_days_max },
          },
        ]),
    ),
  }));
}

const blank = (text: string | undefined) => !text?.trim();

/**
 * The staff page's method form as the API's write: `Code`, `Kind`, `Active` ("yes"), `Name-{culture}`, and
 * for each of `countries` `Amount-{country}` (tax excluded) and `FreeFrom-{country}` in euros as people
 * type them (`4,95`); a country left blank stops the method there. A refusal names the form's fields, its
 * messages in `culture`.
 */
export function shippingMethodFromForm(
  values: Record<string, string>,
  countries: readonly string[],
  culture: Culture,
): { code: string; body: ShippingMethodBody } {
  const t = translator(culture);
  const invalid: FieldErrors = {};
  const code = (values.Code ?? "").trim().toLowerCase();
  if (!ShippingCode.safeParse(code).success) invalid.Code = [t("Validation.Regex")];
  const rates: Record<string, { Amount: number; FreeFrom: number | null } | null> = {};
  for (const country of countries) {
    const amount = values[`Amount-${country}`];
    const freeFrom = values[`FreeFrom-${country}`];
    if (blank(amount)) {
      rates[country] = null;
      continue;
    }
    const cents = centsTyped(amount);
    const free = blank(freeFrom) ? null : centsTyped(freeFrom);
    if (Number.isNaN(cents)) invalid[`Amount-${country}`] = [t("Import.Price")];
    if (free !== null && !(free > 0)) invalid[`FreeFrom-${country}`] = [t("Import.Price")];
    rates[country] = { Amount: cents, FreeFrom: free };
  }
  if (Object.keys(invalid).length > 0) throw new ApiError("ValidationFailed", invalid);
  const body = {
    ...(values.Kind ? { Kind: values.Kind } : {}),
    Names: Object.fromEntries(CULTURES.flatMap((c) => (blank(values[`Name-${c}`]) ? [] : [[c, values[`Name-${c}`]]]))),
    Active: values.Active === "yes",
    Rates: rates,
  };
  // Names.nl → Name-nl, Rates.BE.FreeFrom → FreeFrom-BE (an amount's own rule: Amount-BE).
  const field = (path: string) => {
    const [head, key, inner] = path.split(".");
    if (head === "Names" && key) return `Name-${key}`;
    if (head === "Rates" && key) return `${inner ?? "Amount"}-${key}`;
    return head ?? path;
  };
  return { code, body: parseFormBody(ShippingMethodBody, body, culture, field) };
}
