import { currentCustomer } from "~/features/customers/customers.server";
import type { Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { db } from "~/server/db/client";
import { ApiError } from "~/server/http/errors";
import type { Session } from "~/server/session/session";
import { REFERENCE_SEARCH_PAGE_SIZE } from "../catalog.constants";
import type { ReferenceSearchResult } from "./customer-reference";
import { referenceFor, saveReference, searchReferences, variantExists } from "./customer-reference.repository";

/** Customer references are a business customers' feature: 401 signed out, 403 for a private customer. */
async function businessCustomer(session: Session) {
  const customer = await currentCustomer(session);
  if (!customer) throw new ApiError("Unauthorized");
  if (!customer.isBusiness) throw new ApiError("Forbidden");
  return customer;
}

/** The customer's references matching a text, 10 per page, with links to the product's variant. */
export async function findByReference(
  session: Session,
  culture: Culture,
  q: string,
  page: number,
): Promise<ReferenceSearchResult[]> {
  const customer = await businessCustomer(session);
  const rows = await searchReferences(
    db(),
    customer.id,
    culture,
    q,
    (page - 1) * REFERENCE_SEARCH_PAGE_SIZE,
    REFERENCE_SEARCH_PAGE_SIZE,
  );
  return rows.map((row) => ({
    CustomerSKU: { id: row.variant_id, label: `${row.reference} · ${row.name} (${row.sku})` },
    ProductLink: `${culture}/p/${row.slug}?ProductVariantId=${row.variant_id}`,
  }));
}

export async function updateReference(
  session: Session,
  culture: Culture,
  variantId: number,
  reference: string,
): Promise<{ Status: "Success"; Message: string }> {
  const customer = await businessCustomer(session);
  if (!(await variantExists(db(), variantId))) throw new ApiError("ProductVariantNotFound");
  await saveReference(db(), customer.id, variantId, reference);
  const t = translator(culture);
  return { Status: "Success", Message: reference ? t("Catalog.CustomerRefSaved") : t("Catalog.CustomerRefRemoved") };
}

/** The reference form's data for a variant, or null when the visitor is not a business customer. */
export async function referenceForm(session: Session, variantId: number): Promise<{ reference: string } | null> {
  const customer = await currentCustomer(session);
  if (!customer?.isBusiness) return null;
  return { reference: (await referenceFor(db(), customer.id, variantId)) ?? "" };
}
