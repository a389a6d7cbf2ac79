import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import Busboy from "busboy";
import { parse } from "csv-parse";
import { stringify } from "csv-stringify";
import { ImageImport, MAX_IMPORT_PHOTO_BYTES, type PhotoFiles, photoName } from "~/features/assets/asset-import.server";
import { isVatClass, VAT_CLASSES } from "~/features/pricing/european-vat";
import { CULTURES, type Culture } from "~/lib/culture";
import { translator } from "~/lib/i18n";
import { breather } from "~/server/breather";
import { database, db, type Executor, longTransaction } from "~/server/db/client";
import { withBoundedHeapGrowth } from "~/server/heap-growth";
import { ApiError } from "~/server/http/errors";
import {
  AGE_GROUPS,
  type AgeGroup,
  COLOUR_CODE,
  formatPrice,
  formatTiers,
  GENDERS,
  type Gender,
  isGtin,
  KEY_PATTERN,
  MAX_DESCRIPTION,
  MAX_NAME,
  MAX_STOCK,
  type ProductInput,
  parseBoolean,
  parsePrice,
  parseTiers,
  type RowError,
  type VariantInput,
} from "./catalog-input";
import { CatalogWriter, countForPlanner, lockCatalogue, preferIndexes, variantValues } from "./catalog-writer.server";

/** Photos a multipart import may bring with its CSV (`photos` fields, before the `file`), and their bytes. */
const MAX_IMPORT_PHOTOS = 200;
const MAX_IMPORT_PHOTO_BYTES_TOTAL = 200 * 1024 * 1024;

/** The columns of the catalogue's CSV (issue 35), in the order an export writes them. */
export const REQUIRED_COLUMNS = ["product_key", "sku", "name.fr", "price"] as const;
const PLAIN_COLUMNS = [
  "product_key",
  "sku",
  "ean",
  ...CULTURES.map((c) => `name.${c}`),
  ...CULTURES.map((c) => `description.${c}`),
  "category",
  "brand",
  "gender",
  "age_group",
  "vat_class",
  "colour_codes",
  "price",
  "tier_prices",
  "min_qty",
  "max_qty",
  "step",
  "images",
  "published",
];
const ATTRIBUTE_COLUMN = /^attribute\.([a-z][a-z0-9_-]{0,31})$/;
const STOCK_COLUMN = /^stock\.(.+)$/;
/** One record (a row, quoted newlines included) may not be longer: a file of one endless cell stops here. */
const MAX_RECORD_CHARS = 256 * 1024;
const MAX_REPORTED_ERRORS = 500;
const PROGRESS_EVERY = 500;
/** Products applied together (the writer reads and inserts once per batch); memory holds one batch. */
const BATCH_PRODUCTS = 50;
const BATCH_ROWS = 500;

export interface ImportOptions {
  dryRun: boolean;
  /** Apply the rows without errors even when some have one. */
  partial: boolean;
  culture: Culture;
  /** Refused past this many bytes (IMPORT_MAX_BYTES). */
  maxBytes: number;
  onProgress?(rows: number): void;
  /** Runs inside the import's transaction once it is known to be applied (the audit entry). */
  onApplied?(trx: Executor, report: ImportReport): Promise<void>;
  /** Photos sent with the file (multipart `photos`), by file name: the `images` column may name them. */
  photos?: PhotoFiles;
}

export interface ImportReport {
  Rows: number;
  Created: number;
  Updated: number;
  Unchanged: number;
  /** Whether the changes were kept (not a dry run, and no error or `partial`). */
  Applied: boolean;
  DryRun: boolean;
  ErrorCount: number;
  /** The first 500 errors: spreadsheet row (the header is row 1), column, message in the caller's language. */
  Errors: { Row: number; Column: string; Message: string }[];
}

export class ImportTooLarge extends Error {}

/** Bytes that are no text in the file's encoding, on this line of the file. */
class UndecodableText extends TypeError {
  constructor(readonly line: number) {
    super("The encoded data was not valid for encoding utf-8");
  }
}

class Rollback extends Error {}

/** Undoes the export's guard against formula injection: `'=...` was written for a cell starting with `=`. */
const unescapeCell = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);
/** A spreadsheet runs a cell starting with = + - @ (or a tab, a return) as a formula: written after a quote. */
const escapeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * Bytes to text: UTF-16 when the file starts with its byte order mark (Excel's "Unicode text"), else
 * UTF-8 (its BOM dropped), unless the first 64 KB hold no UTF-8 beyond ASCII and bytes that are not
 * UTF-8: then Windows-1252 (Latin-1 as spreadsheets write it). A UTF-8 file with a stray byte is never
 * read as Latin-1 (every accented name would be garbled): the text up to it is read, then the import
 * stops with the row that holds it, as it does for a bad byte further on.
 */
async function* decoded(body: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<string> {
  let decoder: TextDecoder | undefined;
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let total = 0;
  const choose = (bytes: Uint8Array): { decoder: TextDecoder; brokenAt?: number } => {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return { decoder: new TextDecoder("utf-16le", { fatal: true }) };
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return { decoder: new TextDecoder("utf-16be", { fatal: true }) };
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
      return { decoder: new TextDecoder("utf-8", { fatal: true }) };
    } catch {
      const loose = new TextDecoder("utf-8").decode(bytes);
      // Real UTF-8 beside the bad bytes: a UTF-8 file with a stray byte, read up to it.
      if ([...loose].some((c) => c.charCodeAt(0) > 0x7f && c !== "\ufffd"))
        return { decoder: new TextDecoder("utf-8", { fatal: true }), brokenAt: loose.indexOf("\ufffd") };
      return { decoder: new TextDecoder("windows-1252") };
    }
  };
  const start = (bytes: Uint8Array): string => {
    const chosen = choose(bytes);
    decoder = chosen.decoder;
    if (chosen.brokenAt === undefined) return decoder.decode(bytes, { stream: true });
    const readable = new TextDecoder("utf-8").decode(bytes).slice(0, chosen.brokenAt);
    // Its line (the header is line 1): the parser may not have read the rows before it yet.
    brokenLine = readable.split("\n").length;
    return readable;
  };
  let brokenLine: number | undefined;
  const stop = () => {
    throw new UndecodableText(brokenLine as number);
  };
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new ImportTooLarge();
    if (decoder) {
      if (brokenLine !== undefined) stop();
      yield decoder.decode(chunk, { stream: true });
      continue;
    }
    head.push(chunk);
    headBytes += chunk.byteLength;
    if (headBytes < 65_536) continue;
    yield start(Buffer.concat(head));
  }
  if (!decoder) yield start(Buffer.concat(head));
  if (brokenLine !== undefined) stop();
  yield (decoder as TextDecoder | undefined)?.decode() ?? "";
}

/** The separator of the header line: `;` where a spreadsheet set for a comma-decimal language wrote it, a tab in Excel's Unicode text. */
function separatorOf(firstLine: string): string {
  const count = (c: string) => firstLine.split(c).length - 1;
  // Excel's "Unicode text" separates by tabs.
  const [best] = [",", ";", "\t"].sort((a, b) => count(b) - count(a));
  return best && count(best) > 0 ? best : ",";
}

type Column =
  | { kind: "plain"; name: string }
  | { kind: "attribute"; name: string; attribute: string }
  | { kind: "stock"; name: string; warehouse: string };

/** The header row's columns, or its errors (unknown, repeated, required and missing). */
function readHeader(cells: string[], warehouses: string[]): { columns: Column[]; errors: RowError[] } {
  const errors: RowError[] = [];
  const columns: Column[] = [];
  const seen = new Set<string>();
  for (const raw of cells) {
    const name = raw.trim();
    if (seen.has(name)) errors.push({ row: 1, column: name, key: "Import.RepeatedColumn" });
    seen.add(name);
    const attribute = ATTRIBUTE_COLUMN.exec(name);
    const stock = STOCK_COLUMN.exec(name);
    if (PLAIN_COLUMNS.includes(name)) columns.push({ kind: "plain", name });
    else if (attribute) columns.push({ kind: "attribute", name, attribute: attribute[1] as string });
    else if (stock && warehouses.includes(stock[1] as string))
      columns.push({ kind: "stock", name, warehouse: stock[1] as string });
    else if (stock) errors.push({ row: 1, column: name, key: "Import.UnknownWarehouse", values: { code: stock[1] } });
    else errors.push({ row: 1, column: name, key: "Import.UnknownColumn", values: { column: name } });
  }
  for (const required of REQUIRED_COLUMNS)
    if (!seen.has(required))
      errors.push({ row: 1, column: required, key: "Import.MissingColumn", values: { column: required } });
  return { columns, errors };
}

interface ParsedRow {
  product: Omit<ProductInput, "variants">;
  variant: VariantInput;
  errors: RowError[];
}

/** One data row as a product's fields and one variant, with what is wrong in it. */
function readRow(cells: string[], columns: Column[], row: number): ParsedRow {
  const errors: RowError[] = [];
  const refuse = (column: string, key: string, values?: Record<string, unknown>) =>
    errors.push({ row, column, key, values });
  const product: Omit<ProductInput, "variants"> = { key: "", row, names: {}, descriptions: {} };
  const variant: VariantInput = { row, sku: "", price: 0, attributes: {}, stock: {} };
  const integer = (column: string, text: string, min: number, max: number) => {
    const value = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
    if (!(value >= min && value <= max)) {
      refuse(column, "Import.Integer", { min, max });
      return undefined;
    }
    return value;
  };
  if (cells.length !== columns.length)
    refuse("", "Import.CellCount", { expected: columns.length, found: cells.length });
  columns.forEach((column, i) => {
    const raw = unescapeCell(cells[i] ?? "");
    const text = raw.trim();
    const name = column.name;
    if (column.kind === "attribute") {
      if (text.length > MAX_NAME) refuse(name, "Import.TooLong", { max: MAX_NAME });
      else variant.attributes[column.attribute] = text;
      return;
    }
    if (column.kind === "stock") {
      if (text !== "") {
        const units = integer(name, text, 0, MAX_STOCK);
        if (units !== undefined) variant.stock[column.warehouse] = units;
      }
      return;
    }
    if (name.startsWith("name.") || name.startsWith("description.")) {
      const [field, culture] = name.split(".") as ["name" | "description", Culture];
      const max = field === "name" ? MAX_NAME : MAX_DESCRIPTION;
      if (text.length > max) refuse(name, "Import.TooLong", { max });
      else if (field === "name" && text !== "") product.names[culture] = text;
      else if (field === "description") product.descriptions[culture] = text;
      if (name === "name.fr" && text === "") refuse(name, "Import.Required");
      return;
    }
    switch (name) {
      case "product_key":
        if (!KEY_PATTERN.test(text)) refuse(name, text === "" ? "Import.Required" : "Import.Key");
        product.key = text;
        break;
      case "sku":
        if (!KEY_PATTERN.test(text)) refuse(name, text === "" ? "Import.Required" : "Import.Key");
        variant.sku = text;
        break;
      case "ean":
        if (text !== "" && !isGtin(text)) refuse(name, "Import.Ean");
        variant.ean = text === "" ? null : text;
        break;
      case "category":
      case "brand":
        if (text.length > MAX_NAME) refuse(name, "Import.TooLong", { max: MAX_NAME });
        else if (text !== "") product[name] = text;
        break;
      // Google's values; empty: not said (the stored one stays), "-" removes it.
      case "gender":
      case "age_group": {
        if (text === "") break;
        const allowed: readonly string[] = name === "gender" ? GENDERS : AGE_GROUPS;
        const value = text.toLowerCase();
        if (value !== "-" && !allowed.includes(value)) refuse(name, "Import.OneOf", { values: allowed.join(", ") });
        else if (name === "gender") product.gender = value === "-" ? null : (value as Gender);
        else product.ageGroup = value === "-" ? null : (value as AgeGroup);
        break;
      }
      // One of the four classes; empty: not said (a new product's is standard, a stored one's stays).
      case "vat_class": {
        if (text === "") break;
        const value = text.toLowerCase();
        if (!isVatClass(value)) refuse(name, "Import.OneOf", { values: VAT_CLASSES.join(", ") });
        else product.vatClass = value;
        break;
      }
      case "colour_codes": {
        const codes = text === "" ? [] : text.split(";").map((c) => c.trim());
        if (codes.length > 3 || codes.some((c) => !COLOUR_CODE.test(c))) refuse(name, "Import.ColourCodes");
        else if (codes.length > 0) variant.colourCodes = codes;
        break;
      }
      case "price": {
        const cents = parsePrice(text);
        if (cents === null) refuse(name, text === "" ? "Import.Required" : "Import.Price");
        else variant.price = cents;
        break;
      }
      case "tier_prices": {
        const tiers = parseTiers(text);
        if (tiers === null) refuse(name, "Import.TierPrices");
        else variant.tiers = tiers;
        break;
      }
      case "min_qty":
        if (text !== "") variant.minQuantity = integer(name, text, 1, 100_000);
        break;
      case "max_qty":
        variant.maxQuantity = text === "" ? null : integer(name, text, 1, 100_000);
        break;
      case "step":
        if (text !== "") variant.step = integer(name, text, 1, 10_000);
        break;
      case "images":
        if (text !== "")
          product.images = text
            .split(";")
            .map((p) => p.trim())
            .filter(Boolean);
        break;
      case "published": {
        if (text === "") break;
        const value = parseBoolean(text);
        if (value === null) refuse(name, "Import.Boolean");
        else product.published = value;
        break;
      }
    }
  });
  if (
    variant.maxQuantity != null &&
    variant.minQuantity !== undefined &&
    variant.minQuantity !== null &&
    variant.maxQuantity < variant.minQuantity
  )
    refuse("max_qty", "Import.MaxBelowMin");
  return { product, variant, errors };
}

/**
 * Imports a catalogue CSV as it streams in: rows are read, checked and applied product by product (the
 * rows of one product follow each other) inside one transaction, committed only when the file had no
 * error (or `partial`), never for a dry run. Memory holds one batch of products and the SKUs seen so far;
 * the process's heap grows at most half past its live data meanwhile (withBoundedHeapGrowth).
 */
export function importCatalogueCsv(body: AsyncIterable<Uint8Array>, options: ImportOptions): Promise<ImportReport> {
  return withBoundedHeapGrowth(() => readAndApplyCsv(body, options));
}

async function readAndApplyCsv(body: AsyncIterable<Uint8Array>, options: ImportOptions): Promise<ImportReport> {
  const t = translator(options.culture);
  const report: ImportReport = {
    Rows: 0,
    Created: 0,
    Updated: 0,
    Unchanged: 0,
    Applied: false,
    DryRun: options.dryRun,
    ErrorCount: 0,
    Errors: [],
  };
  const note = (error: RowError) => {
    report.ErrorCount++;
    if (report.Errors.length < MAX_REPORTED_ERRORS)
      report.Errors.push({ Row: error.row, Column: error.column, Message: t(error.key, error.values ?? {}) });
  };
  const handle = database();
  const photos = new ImageImport(options.photos);
  try {
    await longTransaction(handle, async (trx) => {
      await lockCatalogue(trx, handle.dialect);
      await preferIndexes(trx, handle.dialect);
      const writer = await CatalogWriter.open(trx, photos);
      /** Reads the file and applies it; false when its header was refused. */
      const readAndApply = async (writer: CatalogWriter): Promise<boolean> => {
        const skus = new Map<string, number>();
        let columns: Column[] | undefined;
        let group: ParsedRow[] = [];
        // Products are applied a batch at a time: the writer reads and inserts once per batch.
        let batch: ProductInput[] = [];
        let batchRows = 0;
        const apply = async () => {
          const inputs = batch;
          batch = [];
          batchRows = 0;
          for (const outcome of await writer.applyAhead(inputs)) {
            for (const error of outcome.errors) note(error);
            for (const { outcome: o } of outcome.rows) {
              if (o === "created") report.Created++;
              else if (o === "updated") report.Updated++;
              else report.Unchanged++;
            }
          }
        };
        const flush = async (last = false) => {
          if (group.length > 0) {
            const first = group[0] as ParsedRow;
            const input: ProductInput = { ...first.product, variants: group.map((r) => r.variant) };
            const images = group.flatMap((r) => r.product.images ?? []);
            input.images = images.length > 0 ? [...new Set(images)] : undefined;
            batch.push(input);
            batchRows += group.length;
            group = [];
          }
          if (batch.length > 0 && (last || batch.length >= BATCH_PRODUCTS || batchRows >= BATCH_ROWS)) await apply();
        };

        let separator: string | undefined;
        let firstText = "";
        const text = decoded(body, options.maxBytes);
        // The separator is read from the header line before the parser starts.
        async function* withSeparator(): AsyncGenerator<string> {
          for await (const piece of text) {
            if (separator !== undefined) {
              yield piece;
              continue;
            }
            firstText += piece;
            const end = firstText.search(/\r?\n/);
            if (end < 0 && firstText.length < MAX_RECORD_CHARS) continue;
            separator = separatorOf(end < 0 ? firstText : firstText.slice(0, end));
            yield firstText;
          }
          if (separator === undefined) {
            separator = separatorOf(firstText);
            yield firstText;
          }
        }
        // The parser is made once the separator is known: reading the first piece of text finds it.
        const pieces = withSeparator()[Symbol.asyncIterator]();
        const head = await pieces.next();
        async function* all(): AsyncGenerator<string> {
          if (head.done) return;
          yield head.value;
          for (let next = await pieces.next(); !next.done; next = await pieces.next()) yield next.value;
        }
        const source = Readable.from(all());
        const parser = parse({
          delimiter: separator ?? ",",
          bom: true,
          skip_empty_lines: true,
          relax_column_count: true,
          max_record_size: MAX_RECORD_CHARS,
        });
        const feeding = pipeline(source, parser).catch(() => {});
        let row = 0;
        try {
          const breathe = breather();
          for await (const cells of parser as AsyncIterable<string[]>) {
            row++;
            await breathe();
            if (!columns) {
              const header = readHeader(cells, writer.warehouseCodes());
              if (header.errors.length > 0) {
                for (const error of header.errors) note(error);
                return false;
              }
              columns = header.columns;
              continue;
            }
            report.Rows++;
            const parsed = readRow(cells, columns, row);
            const seenAt = skus.get(parsed.variant.sku);
            if (seenAt !== undefined && parsed.variant.sku)
              parsed.errors.push({ row, column: "sku", key: "Import.DuplicateSku", values: { row: seenAt } });
            else if (parsed.variant.sku) skus.set(parsed.variant.sku, row);
            if (parsed.errors.length > 0) {
              for (const error of parsed.errors) note(error);
              continue;
            }
            if (group.length > 0 && (group[0] as ParsedRow).product.key !== parsed.product.key) await flush();
            group.push(parsed);
            if (report.Rows % PROGRESS_EVERY === 0) options.onProgress?.(report.Rows);
          }
          await flush(true);
        } catch (error) {
          if (error instanceof ImportTooLarge) throw error;
          if (error instanceof UndecodableText) note({ row: error.line, column: "", key: "Import.Encoding" });
          else if (error instanceof TypeError && /encoded data|decode/i.test(error.message))
            note({ row: row + 1, column: "", key: "Import.Encoding" });
          else if (error && typeof error === "object" && "code" in error && String(error.code).startsWith("CSV_"))
            note({ row: row + 1, column: "", key: "Import.Malformed", values: { reason: String(error.code) } });
          else throw error;
        } finally {
          await feeding;
        }
        // A file that breaks off keeps the products read whole before it (kept with `partial`).
        if (batch.length > 0) await apply();
        if (!columns && report.ErrorCount === 0) note({ row: 1, column: "", key: "Import.Empty" });
        options.onProgress?.(report.Rows);
        if (options.dryRun || (report.ErrorCount > 0 && !options.partial)) throw new Rollback();
        await writer.settle();
        if (report.Created + report.Updated > 0) await countForPlanner(trx, handle.dialect);
        return true;
      };
      let read: boolean;
      try {
        read = await readAndApply(writer);
      } finally {
        // Nothing may still be on its way when the transaction ends (an error leaves through here too).
        await writer.settle().catch(() => {});
      }
      // A refused header: nothing was written.
      if (!read) return;
      report.Applied = true;
      await options.onApplied?.(trx, report);
    });
  } catch (error) {
    await photos.discard();
    if (!(error instanceof Rollback)) throw error;
  }
  if (!report.Applied) {
    // Nothing was kept: say what would have been, not what is.
    if (report.ErrorCount > 0 && !options.partial) report.Created = report.Updated = report.Unchanged = 0;
  }
  return report;
}

/** The header of an export: every attribute and every warehouse get their column. */
async function exportColumns(): Promise<{
  columns: string[];
  attributes: string[];
  warehouses: { id: number; code: string }[];
}> {
  const attributes = (await db().selectFrom("attributes").select("code").orderBy("position").execute()).map(
    (a) => a.code,
  );
  const warehouses = await db().selectFrom("warehouses").select(["id", "code"]).orderBy("id").execute();
  const columns = [
    ...PLAIN_COLUMNS.filter((c) => c !== "images" && c !== "published"),
    ...attributes.map((a) => `attribute.${a}`),
    ...warehouses.map((w) => `stock.${w.code}`),
    "images",
    "published",
  ];
  return { columns, attributes, warehouses };
}

/** The rows of the products after `afterId`, 200 products at a time, in the import's format. */
async function exportPage(
  afterId: number,
  writer: CatalogWriter,
  attributes: string[],
  warehouses: { id: number; code: string }[],
): Promise<{ rows: Record<string, string>[]; lastId: number | null }> {
  const d = db();
  const products = await d
    .selectFrom("products as p")
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .select([
      "p.id",
      "p.product_key",
      "p.category_id",
      "p.is_active",
      "p.gender",
      "p.age_group",
      "p.vat_class",
      "b.name as brand",
    ])
    .where("p.id", ">", afterId)
    .where("p.vat_class", "!=", "none")
    .orderBy("p.id")
    .limit(200)
    .execute();
  if (products.length === 0) return { rows: [], lastId: null };
  const ids = products.map((p) => p.id);
  const texts = await d.selectFrom("product_translations").selectAll().where("product_id", "in", ids).execute();
  const variants = await d
    .selectFrom("product_variants")
    .selectAll()
    .where("product_id", "in", ids)
    .orderBy("id")
    .execute();
  const variantIds = variants.map((v) => v.id);
  const values = await variantValues(d, variantIds);
  const prices =
    variantIds.length === 0
      ? []
      : await d
          .selectFrom("prices")
          .selectAll()
          .where("variant_id", "in", variantIds)
          .orderBy("min_quantity")
          .execute();
  const stock =
    variantIds.length === 0
      ? []
      : await d.selectFrom("stock").selectAll().where("variant_id", "in", variantIds).execute();
  const images = await d
    .selectFrom("product_assets")
    .selectAll()
    .where("product_id", "in", ids)
    .orderBy("position")
    .execute();
  const rows: Record<string, string>[] = [];
  for (const p of products) {
    const productVariants = variants.filter((v) => v.product_id === p.id);
    productVariants.forEach((v, index) => {
      const row: Record<string, string> = {
        product_key: p.product_key ?? `P${p.id}`,
        sku: v.sku,
        ean: v.ean ?? "",
        category: writer.categoryPath(p.category_id),
        brand: p.brand,
        gender: p.gender ?? "",
        age_group: p.age_group ?? "",
        vat_class: p.vat_class,
      };
      for (const culture of CULTURES) {
        const text = texts.find((x) => x.product_id === p.id && x.culture === culture);
        row[`name.${culture}`] = text?.name ?? "";
        row[`description.${culture}`] = text?.description ?? "";
      }
      const own = values.filter((x) => x.variant_id === v.id);
      for (const attribute of attributes) {
        const value = own.find((x) => x.attribute === attribute);
        row[`attribute.${attribute}`] = value ? (value.name ?? value.code) : "";
      }
      const colour = own.find((x) => x.display_type === "Square");
      row.colour_codes = colour
        ? [colour.color_code1, colour.color_code2, colour.color_code3].filter(Boolean).join(";")
        : "";
      const list = prices.filter((x) => x.variant_id === v.id);
      row.price = formatPrice(list.find((x) => x.min_quantity === 1)?.amount_tax_excl ?? 0);
      row.tier_prices = formatTiers(
        list.filter((x) => x.min_quantity > 1).map((x) => ({ minQuantity: x.min_quantity, amount: x.amount_tax_excl })),
      );
      row.min_qty = String(v.min_quantity);
      row.max_qty = v.max_quantity === null ? "" : String(v.max_quantity);
      row.step = String(v.step_quantity);
      for (const w of warehouses)
        row[`stock.${w.code}`] = String(
          stock.find((x) => x.variant_id === v.id && x.warehouse_id === w.id)?.quantity ?? 0,
        );
      row.images =
        index === 0
          ? images
              .filter((x) => x.product_id === p.id)
              .map((x) => x.asset_id)
              .join(";")
          : "";
      row.published = p.is_active === 1 ? "true" : "false";
      for (const key of Object.keys(row)) row[key] = escapeCell(row[key] as string);
      rows.push(row);
    });
  }
  return { rows, lastId: products[products.length - 1]?.id ?? null };
}

/** The whole catalogue in the import's format (UTF-8, comma, a header row), written as it is read. */
export async function exportCatalogueCsv(): Promise<ReadableStream<Uint8Array>> {
  const { columns, attributes, warehouses } = await exportColumns();
  const writer = await CatalogWriter.open(db());
  async function* records() {
    let after = 0;
    for (;;) {
      const page = await exportPage(after, writer, attributes, warehouses);
      if (page.lastId === null) return;
      yield* page.rows;
      after = page.lastId;
    }
  }
  const csv = Readable.from(records()).pipe(stringify({ header: true, columns }));
  return Readable.toWeb(csv) as unknown as ReadableStream<Uint8Array>;
}

/** A template with the header and two example rows (a T-shirt in two sizes), to fill in a spreadsheet. */
export async function catalogueTemplate(): Promise<string> {
  const shop = await exportColumns();
  // The example's two variants differ by size: a shop without attributes yet (a new one) gets their
  // columns too, or its rows would make two variants a shopper cannot tell apart.
  const examples = ["colour", "size"]
    .filter((code) => !shop.attributes.includes(code))
    .map((code) => `attribute.${code}`);
  const at = shop.columns.findIndex((c) => c.startsWith("stock.") || c === "images");
  const columns = [...shop.columns.slice(0, at), ...examples, ...shop.columns.slice(at)];
  const example = (sku: string, size: string, stock: string) =>
    columns.map((c) => {
      const values: Record<string, string> = {
        product_key: "TSHIRT-ORGANIC",
        sku,
        "name.fr": "T-shirt en coton bio",
        "name.nl": "T-shirt van biokatoen",
        "description.fr": "Coton biologique, coupe droite.",
        category: "Vêtements > T-shirts",
        brand: "Atelier Nord",
        gender: "unisex",
        age_group: "adult",
        "attribute.colour": "Rouge",
        "attribute.size": size,
        colour_codes: "#c0392b",
        price: "19.90",
        tier_prices: "10:18.50;50:17.00",
        min_qty: "1",
        step: "1",
        published: "true",
      };
      return c.startsWith("stock.") ? stock : (values[c] ?? "");
    });
  return new Promise((resolve, reject) =>
    stringify(
      [columns, example("TSHIRT-ORGANIC-RED-M", "M", "12"), example("TSHIRT-ORGANIC-RED-L", "L", "4")],
      (error, out) => (error ? reject(error) : resolve(out)),
    ),
  );
}

/**
 * The CSV of a request: its body (`text/csv`), or the `file` field of a multipart form with the fields
 * and the photos (`photos`, by file name) sent before it (a form's checkboxes and photos come first).
 */
export async function csvOf(request: Request): Promise<{
  body: AsyncIterable<Uint8Array>;
  fields: Record<string, string>;
  photos: Map<string, Buffer>;
}> {
  if (!request.body) throw new ApiError("BadRequest");
  const type = request.headers.get("content-type") ?? "";
  const body = Readable.fromWeb(request.body as NodeReadableStream);
  const photos = new Map<string, Buffer>();
  if (/^text\/csv/i.test(type)) return { body, fields: {}, photos };
  const fields: Record<string, string> = {};
  return new Promise((resolve, reject) => {
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({
        headers: { "content-type": type },
        defParamCharset: "utf8",
        // One byte over a photo's limit is enough to know it is too large (refused with its row).
        limits: { files: MAX_IMPORT_PHOTOS + 1, fields: 20, fieldSize: 1024, fileSize: Number.MAX_SAFE_INTEGER },
      });
    } catch {
      reject(new ApiError("BadRequest"));
      return;
    }
    let photoBytes = 0;
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (field, stream, info) => {
      if (field === "file") {
        resolve({ body: stream, fields, photos });
        return;
      }
      if (field !== "photos" || !info.filename) {
        stream.resume();
        return;
      }
      const name = photoName(info.filename);
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on("data", (chunk: Buffer) => {
        // Kept up to the first chunk past the limit: a photo too large is refused with its row, not cut.
        if (bytes <= MAX_IMPORT_PHOTO_BYTES) chunks.push(chunk);
        bytes += chunk.length;
        photoBytes += chunk.length;
        if (photoBytes > MAX_IMPORT_PHOTO_BYTES_TOTAL) {
          body.unpipe(parser);
          body.destroy();
          reject(new ApiError("PayloadTooLarge"));
        }
      });
      stream.on("end", () => photos.set(name, Buffer.concat(chunks)));
    });
    parser.on("filesLimit", () => reject(new ApiError("TooManyFiles", {}, undefined, { count: MAX_IMPORT_PHOTOS })));
    parser.on("error", () => reject(new ApiError("BadRequest")));
    parser.on("close", () => reject(new ApiError("BadRequest")));
    body.pipe(parser);
  });
}
