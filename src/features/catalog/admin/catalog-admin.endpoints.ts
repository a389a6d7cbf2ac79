import { z } from "zod";
import { adminActor, audit } from "~/features/integration/integration.server";
import { env } from "~/server/config/env";
import { defineEndpoint } from "~/server/http/endpoint";
import { ApiError } from "~/server/http/errors";
import { AttributeBody, CategoryBody, ProductBody } from "./catalog-admin.schemas";
import {
  archiveProduct,
  attributeAnswers,
  moveCategory,
  productByKey,
  putAttribute,
  putWarehouse,
  upsertProduct,
} from "./catalog-admin.server";
import { catalogueTemplate, csvOf, exportCatalogueCsv, ImportTooLarge, importCatalogueCsv } from "./catalog-csv.server";

const TAGS = ["integration"];
const Key = z.object({ key: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._\-/]{0,63}$/) });
const flag = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => v === "true");

const Translations = z.record(z.string(), z.string());

/** An attribute with its values, each named per culture (AttributeAnswer). */
const AttributeAnswer = z.object({
  Code: z.string(),
  Names: Translations,
  Display: z.string(),
  Values: z.array(z.object({ Code: z.string(), Names: Translations })),
});

export const importCatalogue = defineEndpoint({
  method: "post",
  path: "/admin/catalog/import",
  summary:
    "Integration API (catalog:write): a catalogue CSV (text/csv, or the `file` of a multipart form after its `photos`; UTF-8, UTF-16 or Latin-1, comma or semicolon), one row per variant, streamed; `images` names library photos (id or path), addresses (fetched) or files sent as `photos`. Answers created, updated, unchanged and each error (row, column, message); any error changes nothing unless partial=true; dryRun=true changes nothing",
  tags: TAGS,
  query: z.object({ dryRun: flag, partial: flag }),
  csvUpload: true,
  crossOrigin: true,
  response: z.object({
    Rows: z.number(),
    Created: z.number(),
    Updated: z.number(),
    Unchanged: z.number(),
    Applied: z.boolean(),
    DryRun: z.boolean(),
    ErrorCount: z.number(),
    Errors: z.array(z.object({ Row: z.number(), Column: z.string(), Message: z.string() })),
  }),
  run: async (call) => {
    const actor = await adminActor(call, "catalog:write");
    if (!call.request) throw new ApiError("UnsupportedMediaType");
    const maxBytes = env().IMPORT_MAX_MB * 1024 * 1024;
    if (Number(call.requestHeader("content-length") ?? 0) > maxBytes) throw new ApiError("PayloadTooLarge");
    try {
      const { body, photos } = await csvOf(call.request);
      return await importCatalogueCsv(body, {
        photos,
        dryRun: call.query.dryRun,
        partial: call.query.partial,
        culture: call.culture,
        maxBytes,
        onApplied: (trx, report) =>
          audit(actor, "catalog.import", "catalog", { ...report, Errors: report.Errors.slice(0, 20) }, trx),
      });
    } catch (error) {
      if (error instanceof ImportTooLarge) throw new ApiError("PayloadTooLarge");
      throw error;
    }
  },
});

const csvResponse = (body: ReadableStream<Uint8Array> | string, name: string) =>
  new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
    },
  });

export const exportCatalogue = defineEndpoint({
  method: "get",
  path: "/admin/catalog/export.csv",
  summary:
    "Integration API (catalog:read): the whole catalogue as the import reads it (one row per variant, UTF-8, comma), streamed; formulas escaped with a leading quote",
  tags: TAGS,
  crossOrigin: true,
  answers: "text/csv",
  run: async (call) => {
    await adminActor(call, "catalog:read");
    return csvResponse(await exportCatalogueCsv(), "catalogue.csv");
  },
});

export const catalogueCsvTemplate = defineEndpoint({
  method: "get",
  path: "/admin/catalog/template.csv",
  summary: "Integration API (catalog:read): the import's header with two example rows",
  tags: TAGS,
  crossOrigin: true,
  answers: "text/csv",
  run: async (call) => {
    await adminActor(call, "catalog:read");
    return csvResponse(await catalogueTemplate(), "catalogue-template.csv");
  },
});

export const putProduct = defineEndpoint({
  method: "put",
  path: "/admin/catalog/products/:key",
  summary:
    "Integration API (catalog:write): creates or updates a product by its key, with its translations, variants (by SKU), prices, stock per warehouse, photos, tags and related products; sent again it changes nothing",
  tags: TAGS,
  params: Key,
  body: ProductBody,
  crossOrigin: true,
  response: z.object({
    ProductId: z.number(),
    Variants: z.array(z.object({ Sku: z.string(), Outcome: z.enum(["created", "updated", "unchanged"]) })),
  }),
  run: async (call) => upsertProduct(await adminActor(call, "catalog:write"), call.params.key, call.body, call.culture),
});

export const getProduct = defineEndpoint({
  method: "get",
  path: "/admin/catalog/products/:key",
  summary: "Integration API (catalog:read): a product by its key, in the shape PUT takes",
  tags: TAGS,
  params: Key,
  crossOrigin: true,
  response: z.object({
    Key: z.string(),
    Names: Translations,
    Descriptions: Translations,
    Category: z.string(),
    Brand: z.string(),
    Published: z.boolean(),
    Images: z.array(z.number()),
    Unit: z.object({ Measure: z.string(), ContentMilli: z.number().nullable() }).nullable(),
    Gender: z.string().nullable(),
    AgeGroup: z.string().nullable(),
    VatClass: z.string(),
    Tags: z.array(z.string()),
    Related: z.array(z.string().nullable()),
    Variants: z.array(
      z.object({
        Sku: z.string(),
        Ean: z.string().nullable(),
        SaleEndsAt: z.string().nullable(),
        Attributes: z.record(z.string(), z.string()),
        ColourCodes: z.array(z.string().nullable()),
        Price: z.number(),
        Tiers: z.array(z.object({ MinQuantity: z.number(), Amount: z.number() })),
        MinQuantity: z.number(),
        MaxQuantity: z.number().nullable(),
        Step: z.number(),
        Stock: z.record(z.string(), z.number()),
      }),
    ),
  }),
  run: async (call) => {
    await adminActor(call, "catalog:read");
    const product = await productByKey(call.params.key);
    if (!product) throw new ApiError("NotFound");
    return product;
  },
});

export const archiveProductEndpoint = defineEndpoint({
  method: "post",
  path: "/admin/catalog/products/:key/archive",
  summary:
    "Integration API (catalog:write): takes a product off the shop (its pages answer 404, orders keep it); PUT with Published: true brings it back",
  tags: TAGS,
  params: Key,
  crossOrigin: true,
  response: z.object({ ProductId: z.number(), Published: z.boolean() }),
  run: async (call) => archiveProduct(await adminActor(call, "catalog:write"), call.params.key),
});

export const putCategory = defineEndpoint({
  method: "put",
  path: "/admin/catalog/categories/:key",
  summary:
    "Integration API (catalog:write): creates, renames or moves a category by its key (Parent: another category's key, or null for the top)",
  tags: TAGS,
  params: Key,
  body: CategoryBody,
  crossOrigin: true,
  response: z.object({ CategoryId: z.number(), Created: z.boolean() }),
  run: async (call) => moveCategory(await adminActor(call, "catalog:write"), call.params.key, call.body, call.culture),
});

export const putWarehouseEndpoint = defineEndpoint({
  method: "put",
  path: "/admin/catalog/warehouses/:code",
  summary:
    "Integration API (catalog:write): creates or updates a warehouse by its code (the CSV's stock.<code> columns); Active: false stops it serving orders",
  tags: TAGS,
  params: z.object({ code: z.string().regex(/^[A-Z0-9][A-Z0-9_-]{0,15}$/) }),
  body: z.object({
    Name: z.string().trim().min(1).max(100),
    City: z.string().trim().min(1).max(100),
    Active: z.boolean().optional(),
  }),
  crossOrigin: true,
  response: z.object({ WarehouseId: z.number(), Created: z.boolean() }),
  run: async (call) => putWarehouse(await adminActor(call, "catalog:write"), call.params.code, call.body),
});

const AttributeCode = z.object({ code: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/) });

export const putAttributeEndpoint = defineEndpoint({
  method: "put",
  path: "/admin/catalog/attributes/:code",
  summary:
    "Integration API (catalog:write): names an attribute (a variant's `Attributes` key) and its values in each culture; a value by its code or French name; a culture left out keeps its name; a value the attribute lacks is refused by field; Display: Square shows its values as colour swatches (the variants' ColourCodes), Select as a list (a new attribute coded colour is Square); a new code creates the attribute",
  tags: TAGS,
  params: AttributeCode,
  body: AttributeBody,
  crossOrigin: true,
  response: AttributeAnswer,
  run: async (call) => putAttribute(await adminActor(call, "catalog:write"), call.params.code, call.body, call.culture),
});

export const listAttributesEndpoint = defineEndpoint({
  method: "get",
  path: "/admin/catalog/attributes",
  summary: "Integration API (catalog:read): every attribute with its values (codes and names per culture)",
  tags: TAGS,
  crossOrigin: true,
  response: z.object({ Attributes: z.array(AttributeAnswer) }),
  run: async (call) => {
    await adminActor(call, "catalog:read");
    return { Attributes: await attributeAnswers() };
  },
});
