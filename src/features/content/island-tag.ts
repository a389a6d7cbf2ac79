/**
 * The editors' island picker (DESIGN.md section 6): an island's JSON Schema (from GET /api/v1/islands)
 * becomes a small form, and the form's values an island tag. Pure and isomorphic; no zod.
 */

export type FieldKind = "integer" | "number" | "boolean" | "text" | "choice" | "integers" | "json";

export interface IslandField {
  name: string;
  kind: FieldKind;
  required: boolean;
  choices: string[];
  defaultValue: string;
  description: string;
}

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  default?: unknown;
  description?: string;
  anyOf?: Schema[];
}

function kindOf(schema: Schema): { kind: FieldKind; choices: string[] } {
  const alternatives = schema.anyOf?.filter((s) => s.type !== "null") ?? [];
  const s = alternatives.length === 1 ? (alternatives[0] as Schema) : schema;
  if (Array.isArray(s.enum)) return { kind: "choice", choices: s.enum.map(String) };
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  if (type === "integer") return { kind: "integer", choices: [] };
  if (type === "number") return { kind: "number", choices: [] };
  if (type === "boolean") return { kind: "boolean", choices: [] };
  if (type === "string") return { kind: "text", choices: [] };
  if (type === "array" && (s.items?.type === "integer" || s.items?.type === "number"))
    return { kind: "integers", choices: [] };
  return { kind: "json", choices: [] };
}

/** One field per property of the island's props schema, in the schema's order. */
export function fieldsFromSchema(schema: unknown): IslandField[] {
  const s = (schema ?? {}) as Schema;
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).map(([name, property]) => {
    const { kind, choices } = kindOf(property);
    const fallback = property.default;
    return {
      name,
      kind,
      required: required.has(name) && fallback === undefined,
      choices,
      defaultValue:
        fallback === undefined
          ? ""
          : kind === "json"
            ? JSON.stringify(fallback)
            : Array.isArray(fallback)
              ? fallback.join(",")
              : String(fallback),
      description: property.description ?? "",
    };
  });
}

/**
 * The props the form's values say: empty fields are left out (the island's defaults apply), numbers
 * and lists parsed. A value that does not parse is reported by field name.
 */
export function propsFromValues(
  fields: readonly IslandField[],
  values: Record<string, string | boolean>,
): { props: Record<string, unknown>; invalid: string[] } {
  const props: Record<string, unknown> = {};
  const invalid: string[] = [];
  for (const field of fields) {
    const raw = values[field.name];
    if (field.kind === "boolean") {
      if (typeof raw === "boolean" && String(raw) !== field.defaultValue) props[field.name] = raw;
      continue;
    }
    const text = typeof raw === "string" ? raw.trim() : "";
    if (text === "") {
      if (field.required) invalid.push(field.name);
      continue;
    }
    if (field.kind === "integer" || field.kind === "number") {
      const value = Number(text);
      if (!Number.isFinite(value) || (field.kind === "integer" && !Number.isInteger(value))) invalid.push(field.name);
      else props[field.name] = value;
    } else if (field.kind === "integers") {
      const values = text.split(",").map((v) => Number(v.trim()));
      if (values.some((v) => !Number.isInteger(v))) invalid.push(field.name);
      else props[field.name] = values;
    } else if (field.kind === "json") {
      try {
        props[field.name] = JSON.parse(text);
      } catch {
        invalid.push(field.name);
      }
    } else props[field.name] = text;
  }
  return { props, invalid };
}

/** The tag an editor drops into content; props in single quotes, an apostrophe inside escaped. */
export function islandTag(name: string, props: Record<string, unknown>): string {
  const json = JSON.stringify(props);
  const attribute = Object.keys(props).length ? ` props='${json.replace(/&/g, "&amp;").replace(/'/g, "&#39;")}'` : "";
  return `<shop-island name="${name.replace(/[^a-z0-9-]/g, "")}"${attribute}></shop-island>`;
}
