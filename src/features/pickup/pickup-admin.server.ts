import { sql } from "kysely";
import type { AdminActor } from "~/features/integration/integration";
import { audit } from "~/features/integration/integration.server";
import { cityPosition } from "~/features/pricing/pricing.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { database, db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import { parseFormBody } from "~/server/http/validation";
import { openingHoursReadable } from "./pickup";
import { PickupPointBody, PickupPointCode } from "./pickup-admin.schemas";

export interface PickupPointAnswer {
  Code: string;
  Name: string;
  Street: string;
  PostalCode: string;
  City: string;
  Country: string;
  Phone: string;
  Latitude: number;
  Longitude: number;
  Hours: string;
  Active: boolean;
}

/**
 * Creates or updates one of the shop's own pickup points by its code; answers it as `pickupPointAnswers`
 * does. Only what differs is written (and audited).
 */
export async function putPickupPoint(
  actor: AdminActor,
  code: string,
  body: PickupPointBody,
  culture: Culture,
): Promise<PickupPointAnswer & { Created: boolean }> {
  const t = translator(culture);
  if (!openingHoursReadable(body.Hours))
    throw new ApiError("ValidationFailed", { Hours: [t("Import.OpeningHoursInvalid")] });
  if ((body.Latitude === undefined) !== (body.Longitude === undefined))
    throw new ApiError("ValidationFailed", {
      [body.Latitude === undefined ? "Latitude" : "Longitude"]: [t("Errors.Required")],
    });
  const handle = database();
  const created = await handle.db.transaction().execute(async (trx) => {
    // Two requests for one new code at once: the second waits and updates what the first made.
    if (handle.dialect === "postgres")
      await sql`select pg_advisory_xact_lock(hashtext('vitrine-pickup-points'))`.execute(trx);
    const country = await trx.selectFrom("countries").select("id").where("code", "=", body.Country).executeTakeFirst();
    if (!country)
      throw new ApiError("ValidationFailed", { Country: [t("Import.UnknownShippingCountry", { code: body.Country })] });
    const existing = await trx.selectFrom("pickup_points").selectAll().where("code", "=", code).executeTakeFirst();
    // No coordinates given: where it was while its address stays, else its postal code's (or city's).
    const samePlace =
      existing?.postal_code === body.PostalCode && existing.city === body.City && existing.country_id === country.id;
    const position =
      body.Latitude !== undefined && body.Longitude !== undefined
        ? { lat: body.Latitude, lon: body.Longitude }
        : samePlace
          ? { lat: Number(existing.latitude), lon: Number(existing.longitude) }
          : await cityPosition(trx, country.id, { postalCode: body.PostalCode, name: body.City });
    if (!position)
      throw new ApiError("ValidationFailed", {
        PostalCode: [t("Import.PickupPointNotLocated", { postalCode: body.PostalCode, city: body.City })],
      });
    const row = {
      name: body.Name,
      street: body.Street,
      postal_code: body.PostalCode,
      city: body.City,
      country_id: country.id,
      phone: body.Phone ?? "",
      latitude: position.lat,
      longitude: position.lon,
      hours: body.Hours,
    };
    if (!existing) {
      await trx
        .insertInto("pickup_points")
        .values({ code, ...row, is_active: body.Active === false ? 0 : 1 })
        .execute();
      await audit(actor, "pickup.create", `pickup:${code}`, body, trx);
      return true;
    }
    const next = { ...row, is_active: body.Active === undefined ? existing.is_active : body.Active ? 1 : 0 };
    const changed = (Object.keys(next) as (keyof typeof next)[]).some((key) => next[key] !== existing[key]);
    if (changed) {
      await trx.updateTable("pickup_points").set(next).where("id", "=", existing.id).execute();
      await audit(actor, "pickup.update", `pickup:${code}`, body, trx);
    }
    return false;
  });
  const [point] = await pickupPointAnswers(code);
  return { ...(point as PickupPointAnswer), Created: created };
}

/** The shop's own pickup points (active or not), or the one of a code, in the shape the API writes. */
export async function pickupPointAnswers(code?: string): Promise<PickupPointAnswer[]> {
  let query = db()
    .selectFrom("pickup_points as p")
    .innerJoin("countries as c", "c.id", "p.country_id")
    .selectAll("p")
    .select("c.code as country")
    .orderBy("p.code");
  if (code !== undefined) query = query.where("p.code", "=", code);
  return (await query.execute()).map((p) => ({
    Code: p.code ?? `shop-${p.id}`,
    Name: p.name,
    Street: p.street,
    PostalCode: p.postal_code,
    City: p.city,
    Country: p.country,
    Phone: p.phone,
    Latitude: Number(p.latitude),
    Longitude: Number(p.longitude),
    Hours: p.hours,
    Active: p.is_active === 1,
  }));
}

/**
 * The staff page's point form as the API's write: `Code`, `Name`, `Street`, `PostalCode`, `City`,
 * `Country`, `Phone`, `Hours`, `Active` ("yes"), and `Latitude` and `Longitude` as people type them (`50,85`)
 * or both blank (the point is placed at its postal code). A refusal names the form's fields, its messages
 * in `culture`.
 */
export function pickupPointFromForm(
  values: Record<string, string>,
  culture: Culture,
): { code: string; body: PickupPointBody } {
  const t = translator(culture);
  const code = (values.Code ?? "").trim().toLowerCase();
  const typed = (field: string) => {
    const text = (values[field] ?? "").trim();
    return text ? Number(text.replace(",", ".")) : undefined;
  };
  const latitude = typed("Latitude");
  const longitude = typed("Longitude");
  const body = {
    Name: values.Name ?? "",
    Street: values.Street ?? "",
    PostalCode: values.PostalCode ?? "",
    City: values.City ?? "",
    Country: values.Country ?? "",
    Phone: values.Phone ?? "",
    Hours: values.Hours ?? "",
    Active: values.Active === "yes",
    ...(latitude !== undefined || longitude !== undefined ? { Latitude: latitude, Longitude: longitude } : {}),
  };
  let point: PickupPointBody | undefined;
  let refusal: ApiError | undefined;
  try {
    point = parseFormBody(PickupPointBody, body, culture);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    refusal = error;
  }
  const invalid = { ...refusal?.errors };
  if (!PickupPointCode.safeParse(code).success) invalid.Code = [t("Validation.Regex")];
  // One of the two typed: both are needed to place it.
  if ((latitude === undefined) !== (longitude === undefined))
    invalid[latitude === undefined ? "Latitude" : "Longitude"] = [t("Errors.Required")];
  if (!point || Object.keys(invalid).length > 0) throw new ApiError("ValidationFailed", invalid);
  return { code, body: point };
}
