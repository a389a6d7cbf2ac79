import { z } from "zod";

import type { AnyEndpoint } from "./endpoint";

const errorSchema = z.object({
  Code: z.string(),
  Message: z.string(),
  Errors: z.record(z.string(), z.array(z.string())),
});

function jsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
}

/** The OpenAPI document, built from the endpoints' own definitions. */
export function openApiDocument(endpoints: readonly AnyEndpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of endpoints) {
    const path = `/api/v1${doc.path.replace(/:(\w+)/g, "{$1}")}`;
    const pathParams = [...doc.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const queryParams = doc.query
      ? Object.entries((jsonSchema(doc.query).properties ?? {}) as Record<string, unknown>).map(([name, schema]) => ({
          name,
          in: "query",
          required: false,
          schema,
        }))
      : [];
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[doc.method] = {
      summary: doc.summary,
      tags: doc.tags,
      parameters: [...pathParams, ...queryParams],
      ...(doc.body
        ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(doc.body) } } } }
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
          ...(doc.response ? { content: { "application/json": { schema: jsonSchema(doc.response) } } } : {}),
        },
        ...(doc.auth
          ? {
              "401": {
                description: "Not signed in",
                content: { "application/json": { schema: jsonSchema(errorSchema) } },
              },
            }
          : {}),
        default: { description: "Error", content: { "application/json": { schema: jsonSchema(errorSchema) } } },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Vitrine storefront API", version: "1" },
    paths,
  };
}
