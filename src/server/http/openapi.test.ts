import { createConfig, lintFromString } from "@redocly/openapi-core";
import openapiTS, { astToString } from "openapi-typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../../../tests/support/api";
import { useTestDatabase } from "../../../tests/support/db";
import { operationId } from "./openapi";

type Doc = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

/** Every `$ref` in the document, each with whether it points at something from the document's root. */
function refs(doc: unknown): { ref: string; resolves: boolean }[] {
  const found: { ref: string; resolves: boolean }[] = [];
  const resolve = (ref: string) =>
    ref
      .replace(/^#\//, "")
      .split("/")
      .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce<unknown>(
        (node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
        doc,
      );
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object")
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string")
          found.push({ ref: value, resolves: value.startsWith("#/") && resolve(value) !== undefined });
        else walk(value);
      }
  };
  walk(doc);
  return found;
}

describe("the OpenAPI document (issue 70)", () => {
  useTestDatabase("sqlite", { products: 2 });
  let doc: Doc;
  let source: string;
  beforeAll(async () => {
    source = await (await apiClient().call("GET", "/openapi.json")).text();
    doc = JSON.parse(source);
  });
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );

  it("names every operation once, says who may call it, and resolves every reference", () => {
    expect(operations().length).toBeGreaterThan(150);
    const ids = operations().map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === "string" && /^[a-z][A-Za-z0-9]+$/.test(id as string))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationId("put", "/shoppingcarts/shoppingcartitems/:id")).toBe("putShoppingcartsShoppingcartitemsById");
    for (const { path, method, op } of operations()) {
      const security = op.security as Record<string, string[]>[];
      expect(security?.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const requirement of security)
        for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
    }
    // The integration API takes its bearer token; a shopper's own reads take her session.
    expect(doc.paths["/api/v1/admin/orders"]?.get?.security).toEqual([{ bearerToken: [] }, { sessionCookie: [] }]);
    expect(doc.paths["/api/v1/security/me"]?.get?.security).toEqual([{ sessionCookie: [] }]);
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((r) => !r.resolves)).toEqual([]);
    // News categories are recursive: their children are a component of their own.
    expect(JSON.stringify(doc.paths["/api/v1/news/categories"]?.get)).toContain("#/components/schemas/");
  });

  it("lists a spec path's trailing slash without it, and answers both", async () => {
    expect(doc.paths["/api/v1/shoppingcarts/city"]?.post?.description).toContain("/api/v1/shoppingcarts/city/");
    expect(doc.paths["/api/v1/shoppingcarts/city/"]).toBeUndefined();
    // An empty cart in Belgium: Brussels' postal code is a city there, whichever path is asked.
    const [slash, plain] = await Promise.all([
      apiClient().call("POST", "/shoppingcarts/city/", { CityId: "1000" }),
      apiClient().call("POST", "/shoppingcarts/city", { CityId: "1000" }),
    ]);
    expect(slash.status).toBe(200);
    expect(plain.status).toBe(200);
    expect(await plain.json()).toEqual(await slash.json());
  });

  it("gives every successful JSON answer a schema (the tests check each answer against it)", () => {
    const without = operations()
      .filter(({ op }) => !(op.responses as Record<string, { content?: unknown }>)["200"]?.content)
      .map(({ path, method }) => `${method} ${path}`);
    // Mollie's webhook answers an empty 200 (its body is ignored by Mollie).
    expect(without).toEqual(["post /api/v1/payments/webhooks/mollie"]);
  });

  it("generates a typed client with openapi-typescript and passes Redocly's recommended rules", async () => {
    const types = astToString(await openapiTS(source));
    expect(types).toContain("getShoppingcarts: {");
    expect(types).toContain('"/api/v1/admin/catalog/products/{key}": {');
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source, absoluteRef: "openapi.json", config });
    const errors = problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
  }, 60_000);
});
