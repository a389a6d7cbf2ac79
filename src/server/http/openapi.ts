import { z } from "zod";
import { env } from "../config/env";
import { SESSION_COOKIE } from "../session/session";
import type { AnyEndpoint } from "./endpoint";

const errorSchema = z.object({
  Code: z.string(),
  Message: z.string(),
  Errors: z.record(z.string(), z.array(z.string())),
});

type JsonSchema = Record<string, unknown>;

/**
 * An operation's id from its method and path, as code generators name their functions:
 * `PUT /shoppingcarts/shoppingcartitems/:id` is `putShoppingcartsShoppingcartitemsById`.
 */
export function operationId(method: string, path: string): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(":") ? ["By", segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/).filter(Boolean),
    );
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}

/**
 * A schema of the document: zod's JSON Schema with its own definitions (recursive ones: news categories'
 * children) moved into `components.schemas` under names of their own, so every `$ref` resolves from the
 * document's root, as OpenAPI tools read it.
 */
function documentSchema(schema: z.ZodType, name: string, components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  delete json.$defs;
  const names = new Map(Object.keys(defs).map((def) => [def, `${name}${def.replace(/^_+schema/, "Item")}`]));
  let rootUsed = false;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== "object") return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node as JsonSchema)) {
      if (key === "$ref" && typeof value === "string") {
        if (value === "#") {
          rootUsed = true;
          out.$ref = `#/components/schemas/${name}`;
        } else out.$ref = `#/components/schemas/${names.get(value.replace("#/$defs/", "")) ?? value}`;
      } else out[key] = rewrite(value);
    }
    return out;
  };
  for (const [def, body] of Object.entries(defs)) components[names.get(def) as string] = rewrite(body) as JsonSchema;
  const root = rewrite(json) as JsonSchema;
  if (!rootUsed) return root;
  components[name] = root;
  return { $ref: `#/components/schemas/${name}` };
}

/** Who may call an operation: the integration API's bearer token or staff session, a signed-in session, or anyone. */
function security(doc: AnyEndpoint): Record<string, string[]>[] {
  if (doc.path.startsWith("/admin/")) return [{ bearerToken: [] }, { sessionCookie: [] }];
  if (doc.auth) return [{ sessionCookie: [] }];
  // A provider's signed notification: no session, its signature is checked instead.
  if (doc.crossOrigin) return [{}];
  // Anyone; a visitor's session (her cart, her country) when she has one.
  return [{}, { sessionCookie: [] }];
}

/** The document's path of an endpoint: a spec path's trailing slash (`/shoppingcarts/city/`) is served both ways. */
export function documentedPath(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

/** The OpenAPI document, built from the endpoints' own definitions. */
export function openApiDocument(endpoints: readonly AnyEndpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, JsonSchema> = {};
  const error = () => ({ "application/json": { schema: { $ref: "#/components/schemas/Error" } } });
  components.Error = documentSchema(errorSchema, "Error", components);
  const ids = new Set<string>();
  for (const doc of endpoints) {
    const path = `/api/v1${documentedPath(doc.path).replace(/:(\w+)/g, "{$1}")}`;
    let id = operationId(doc.method, documentedPath(doc.path));
    for (let n = 2; ids.has(id); n++) id = `${operationId(doc.method, documentedPath(doc.path))}${n}`;
    ids.add(id);
    const named = id.charAt(0).toUpperCase() + id.slice(1);
    const pathParams = [...doc.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const querySchema = doc.query ? documentSchema(doc.query, `${named}Query`, components) : null;
    const queryParams = querySchema
      ? Object.entries((querySchema.properties ?? {}) as Record<string, unknown>).map(([name, schema]) => ({
          name,
          in: "query",
          required: ((querySchema.required ?? []) as string[]).includes(name),
          schema,
        }))
      : [];
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[doc.method] = {
      operationId: id,
      summary: doc.summary,
      ...(doc.path !== documentedPath(doc.path)
        ? { description: `Also answered at \`/api/v1${doc.path}\`, the path the specification names.` }
        : {}),
      tags: doc.tags,
      security: security(doc),
      parameters: [...pathParams, ...queryParams],
      ...(doc.body
        ? {
            requestBody: {
              required: true,
              content: {
                [doc.urlencoded ? "application/x-www-form-urlencoded" : "application/json"]: {
                  schema: documentSchema(doc.body, `${named}Body`, components),
                },
              },
            },
          }
        : {}),
      ...(doc.csvUpload
        ? {
            requestBody: {
              required: true,
              content: {
                "text/csv": { schema: { type: "string" } },
                "multipart/form-data": {
                  schema: { type: "object", properties: { file: { type: "string", format: "binary" } } },
                },
              },
            },
          }
        : {}),
      ...(doc.multipart
        ? {
            requestBody: {
              required: true,
              content: {
                "multipart/form-data": {
                  schema: {
                    type: "object",
                    properties: { files: { type: "array", items: { type: "string", format: "binary" } } },
                  },
                },
              },
            },
          }
        : {}),
      responses: {
        "200": {
          description: "OK",
          ...(doc.response
            ? {
                content: { "application/json": { schema: documentSchema(doc.response, `${named}Answer`, components) } },
              }
            : doc.answers
              ? { content: { [doc.answers]: { schema: { type: "string" } } } }
              : {}),
        },
        ...(doc.auth || doc.path.startsWith("/admin/")
          ? { "401": { description: "Not signed in", content: error() } }
          : {}),
        "4XX": {
          description: "Refused: bad input, not allowed, not found, a conflict or a rule broken",
          content: error(),
        },
        default: { description: "Error", content: error() },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${env().SHOP_NAME} storefront API`,
      version: "1",
      description:
        "The shop's JSON API: the storefront's calls (a visitor's session cookie) and the integration API under /admin (a bearer token with scopes, or a staff session).",
    },
    servers: [{ url: env().siteUrl }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The shop's session" },
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: "An integration token (vt_…) made by staff, with its scopes",
        },
      },
    },
  };
}
