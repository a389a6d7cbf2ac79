import { sql } from "kysely";
import type { AdminActor } from "~/features/integration/integration";
import { audit } from "~/features/integration/integration.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { centsTyped } from "~/lib/money";
import { database, db, type Executor } from "~/server/db/client";
import { ApiError, type FieldErrors } from "~/server/http/errors";
import { parseFormBody } from "~/server/http/validation";
import { CouponBody, CouponCode } from "./coupons-admin.schemas";

export interface CouponAnswer {
  Code: string;
  Percent: number | null;
  Amount: number | null;
  MinimumTotal: number;
  ValidFrom: string | null;
  ValidTo: string | null;
  MaxUses: number | null;
  MaxUsesPerCustomer: number | null;
  Category: string | null;
  Brand: string | null;
  Customer: string | null;
  Active: boolean;
  /** Orders that used it. */
  Uses: number;
}

/** What the body names (a category key, a brand name, a customer's e-mail) as ids; undefined: left out. */
async function references(ex: Executor, body: CouponBody, t: ReturnType<typeof translator>) {
  const errors: Record<string, string[]> = {};
  const resolve = async <T>(
    value: string | null | undefined,
    field: string,
    find: (v: string) => Promise<T | undefined>,
    message: string,
  ) => {
    if (value === undefined || value === null) return value;
    const found = await find(value);
    if (found === undefined) errors[field] = [message];
    return found;
  };
  const categoryId = await resolve(
    body.Category,
    "Category",
    async (key) => (await ex.selectFrom("categories").select("id").where("code", "=", key).executeTakeFirst())?.id,
    t("Import.UnknownCategory"),
  );
  const brandId = await resolve(
    body.Brand,
    "Brand",
    async (name) =>
      (
        await ex
          .selectFrom("brands")
          .select("id")
          .where((eb) => eb.fn("lower", ["name"]), "=", name.toLowerCase())
          .executeTakeFirst()
      )?.id,
    t("Import.UnknownBrand", { brand: body.Brand ?? "" }),
  );
  const customerId = await resolve(
    body.Customer,
    "Customer",
    async (email) =>
      (await ex.selectFrom("customers").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst())?.id,
    t("Import.UnknownCustomer", { email: body.Customer ?? "" }),
  );
  if (Object.keys(errors).length > 0) throw new ApiError("ValidationFailed", errors);
  return { categoryId, brandId, customerId };
}

/** Creates or updates a coupon by its code (upper-cased, as shoppers' codes are); answers it as `couponAnswers` does. */
export async function putCoupon(
  actor: AdminActor,
  rawCode: string,
  body: CouponBody,
  culture: Culture,
): Promise<CouponAnswer & { Created: boolean }> {
  const t = translator(culture);
  const code = rawCode.toUpperCase();
  if (body.Percent !== undefined && body.Amount !== undefined)
    throw new ApiError("ValidationFailed", { Percent: [t("Import.PercentOrAmount")] });
  // Basis points: two decimals of a percentage at most.
  const basisPoints = body.Percent === undefined ? undefined : Math.round(body.Percent * 100);
  if (basisPoints !== undefined && Math.abs(basisPoints - (body.Percent as number) * 100) > 1e-6)
    throw new ApiError("ValidationFailed", { Percent: [t("Import.PercentOrAmount")] });
  const handle = database();
  const created = await handle.db.transaction().execute(async (trx) => {
    // Two requests for one new code at once: the second waits and updates what the first made (SQLite's
    // single writer already orders them).
    if (handle.dialect === "postgres")
      await sql`select pg_advisory_xact_lock(hashtext('vitrine-coupons'))`.execute(trx);
    const existing = await trx.selectFrom("coupons").selectAll().where("code", "=", code).executeTakeFirst();
    if (!existing && basisPoints === undefined && body.Amount === undefined)
      throw new ApiError("ValidationFailed", { Percent: [t("Import.PercentOrAmount")] });
    const refs = await references(trx, body, t);
    const keep = <T>(given: T | undefined, had: T) => (given === undefined ? had : given);
    const next = {
      kind:
        basisPoints !== undefined ? "percent" : body.Amount !== undefined ? "amount" : (existing?.kind ?? "percent"),
      value: basisPoints ?? body.Amount ?? existing?.value ?? 0,
      min_amount_tax_incl: keep(body.MinimumTotal, existing?.min_amount_tax_incl ?? 0),
      valid_from: keep(body.ValidFrom && new Date(body.ValidFrom).toISOString(), existing?.valid_from ?? null),
      valid_to: keep(body.ValidTo && new Date(body.ValidTo).toISOString(), existing?.valid_to ?? null),
      max_uses: keep(body.MaxUses, existing?.max_uses ?? null),
      max_uses_per_customer: keep(body.MaxUsesPerCustomer, existing?.max_uses_per_customer ?? null),
      category_id: keep(refs.categoryId, existing?.category_id ?? null),
      brand_id: keep(refs.brandId, existing?.brand_id ?? null),
      customer_id: keep(refs.customerId, existing?.customer_id ?? null),
      is_active: body.Active === undefined ? (existing?.is_active ?? 1) : body.Active ? 1 : 0,
    };
    if (next.valid_from && next.valid_to && next.valid_to <= next.valid_from)
      throw new ApiError("ValidationFailed", { ValidTo: [t("Import.ValidToBeforeFrom")] });
    if (!existing) {
      await trx
        .insertInto("coupons")
        .values({ code, ...next })
        .execute();
      await audit(actor, "coupon.create", `coupon:${code}`, body, trx);
      return true;
    }
    const changed = (Object.keys(next) as (keyof typeof next)[]).some((key) => next[key] !== existing[key]);
    if (changed) {
      await trx.updateTable("coupons").set(next).where("id", "=", existing.id).execute();
      await audit(actor, "coupon.update", `coupon:${code}`, body, trx);
    }
    return false;
  });
  const [coupon] = await couponAnswers(code);
  return { ...(coupon as CouponAnswer), Created: created };
}

/** Every coupon, or the one of a code, in the shape the API writes, with its uses. */
export async function couponAnswers(code?: string): Promise<CouponAnswer[]> {
  let query = db()
    .selectFrom("coupons as c")
    .leftJoin("categories as k", "k.id", "c.category_id")
    .leftJoin("brands as b", "b.id", "c.brand_id")
    .leftJoin("customers as u", "u.id", "c.customer_id")
    .selectAll("c")
    .select(["k.code as category", "b.name as brand", "u.email as customer"])
    .select((eb) =>
      eb
        .selectFrom("coupon_uses as x")
        .select((sub) => sub.fn.countAll<number | string>().as("n"))
        .whereRef("x.coupon_id", "=", "c.id")
        .as("uses"),
    )
    .orderBy("c.code");
  if (code !== undefined) query = query.where("c.code", "=", code.toUpperCase());
  return (await query.execute()).map((c) => ({
    Code: c.code,
    Percent: c.kind === "percent" ? c.value / 100 : null,
    Amount: c.kind === "amount" ? c.value : null,
    MinimumTotal: c.min_amount_tax_incl,
    ValidFrom: c.valid_from,
    ValidTo: c.valid_to,
    MaxUses: c.max_uses,
    MaxUsesPerCustomer: c.max_uses_per_customer,
    Category: c.category ?? null,
    Brand: c.brand ?? null,
    Customer: c.customer ?? null,
    Active: c.is_active === 1,
    Uses: Number(c.uses ?? 0),
  }));
}

/** The shop's time zone: a coupon's dates typed as days are days there. */
export const SHOP_ZONE = "Europe/Brussels";

/**
 * A day typed in a date field (`2026-12-24`) at a time of the shop's day (its zone's offset that day), as
 * an instant; null when no such day exists (`2026-02-30`).
 */
export function shopDayAt(day: string, time: "00:00:00" | "23:59:59"): string | null {
  const noon = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T12:00:00Z`) : new Date(Number.NaN);
  // The date parser moves a day past its month's end to the next month: such a day does not exist.
  if (Number.isNaN(noon.getTime()) || noon.toISOString().slice(0, 10) !== day) return null;
  const offset =
    new Intl.DateTimeFormat("en-US", { timeZone: SHOP_ZONE, timeZoneName: "longOffset" })
      .formatToParts(noon)
      .find((part) => part.type === "timeZoneName")
      ?.value.replace("GMT", "") || "+00:00";
  return new Date(`${day}T${time}${offset}`).toISOString();
}

/**
 * The staff page's coupon form as the API's write: `Code`, `Kind` (percent or amount) and `Value` (a
 * percentage, or euros as people type them), `MinimumTotal` (euros), `ValidFrom` and `ValidTo` (whole days
 * in the shop's zone, from the start of the first to the end of the last), `MaxUses`, `MaxUsesPerCustomer`,
 * `Category`, `Brand`, `Customer`, `Active` ("yes"); a blank limit is none. A refusal names the form's
 * fields, its messages in `culture`.
 */
export function couponFromForm(values: Record<string, string>, culture: Culture): { code: string; body: CouponBody } {
  const t = translator(culture);
  const invalid: FieldErrors = {};
  const text = (field: string) => {
    const typed = (values[field] ?? "").trim();
    return typed ? typed : null;
  };
  const code = text("Code") ?? "";
  if (!CouponCode.safeParse(code).success) invalid.Code = [t("Validation.Regex")];
  const value = text("Value") ?? "";
  const percent =
    values.Kind === "percent"
      ? /^\d{1,3}([.,]\d{1,2})?$/.test(value)
        ? Number(value.replace(",", "."))
        : Number.NaN
      : undefined;
  const amount = values.Kind === "amount" ? centsTyped(value) : undefined;
  if (percent === undefined && amount === undefined) invalid.Kind = [t("Errors.Required")];
  else if (!((percent ?? amount ?? 0) > 0) || (percent ?? 0) > 100) invalid.Value = [t("Validation.Number")];
  const minimum = text("MinimumTotal") === null ? 0 : centsTyped(values.MinimumTotal);
  if (Number.isNaN(minimum)) invalid.MinimumTotal = [t("Validation.Number")];
  const count = (field: string) => {
    const typed = text(field);
    if (typed === null) return null;
    const n = /^\d{1,8}$/.test(typed) ? Number(typed) : 0;
    if (!(n > 0)) invalid[field] = [t("Validation.Number")];
    return n;
  };
  const maxUses = count("MaxUses");
  const perCustomer = count("MaxUsesPerCustomer");
  const day = (field: string, time: "00:00:00" | "23:59:59") => {
    const typed = text(field);
    if (typed === null) return null;
    const instant = shopDayAt(typed, time);
    if (instant === null) invalid[field] = [t("Validation.Date", { format: "YYYY-MM-DD" })];
    return instant;
  };
  const validFrom = day("ValidFrom", "00:00:00");
  const validTo = day("ValidTo", "23:59:59");
  if (Object.keys(invalid).length > 0) throw new ApiError("ValidationFailed", invalid);
  const body = {
    ...(percent !== undefined ? { Percent: percent } : { Amount: amount }),
    MinimumTotal: minimum,
    ValidFrom: validFrom,
    ValidTo: validTo,
    MaxUses: maxUses,
    MaxUsesPerCustomer: perCustomer,
    Category: text("Category"),
    Brand: text("Brand"),
    Customer: text("Customer"),
    Active: values.Active === "yes",
  };
  // The typed value is Percent or Amount in the API's body.
  const field = (path: string) => (path === "Percent" || path === "Amount" ? "Value" : path);
  return { code, body: parseFormBody(CouponBody, body, culture, field) };
}
