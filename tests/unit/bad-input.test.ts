import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../src/server/endpoints";
import { openApiDocument } from "../../src/server/http/openapi";
import { apiClient } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";

const BAD_SEGMENTS = ["xx", "-1", "abc", "0", "99999999999999999999", "%00", "%E0%A4%A", "..%2F..%2Fetc"];
const BAD_BODIES: { body: string; type: string }[] = [
  { body: "{ broken", type: "application/json" },
  { body: "[]", type: "application/json" },
  { body: "null", type: "application/json" },
  { body: '{"Email": 12, "Password": {"a": 1}}', type: "application/json" },
  { body: "Email=a&Password=b", type: "application/x-www-form-urlencoded" },
  { body: "<xml/>", type: "text/xml" },
  { body: JSON.stringify({ x: "y".repeat(200_000) }), type: "application/json" },
  { body: `${"[".repeat(3000)}${"]".repeat(3000)}`, type: "application/json" },
  { body: `${'{"a":'.repeat(3000)}1${"}".repeat(3000)}`, type: "application/json" },
];
const BAD_QUERIES = ["?culture=en", "?culture=", "?page=-1&q=%00", `?q=${"x".repeat(5000)}`];

function expectClientError(status: number, body: unknown, what: string) {
  expect(status, what).toBeLessThan(500);
  if (status >= 400) {
    expect(body, what).toMatchObject({
      Code: expect.any(String),
      Message: expect.any(String),
      Errors: expect.any(Object),
    });
  }
}

describe("bad input to every API route never causes a 5xx", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite", { products: 12 });
  });
  afterAll(async () => {
    await database.close();
  });

  const routes = Object.entries(openApiDocument(ENDPOINTS).paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ path: path.replace(/^\/api\/v1/, ""), method: method.toUpperCase() })),
  );

  it("knows the routes", () => {
    expect(routes.length).toBeGreaterThanOrEqual(5);
  });

  it.each(routes)("$method $path", async ({ path, method }) => {
    const client = apiClient("203.0.113.200");
    const paths = path.includes("{") ? BAD_SEGMENTS.map((bad) => path.replace(/\{[^}]+\}/g, bad)) : [path];
    for (const target of paths) {
      for (const query of BAD_QUERIES) {
        const response = await client.call(method, `${target}${query}`);
        expectClientError(
          response.status,
          response.status === 304 ? null : await response.json().catch(() => null),
          `${method} ${target}${query}`,
        );
      }
      if (method !== "GET") {
        for (const { body, type } of BAD_BODIES) {
          const response = await client.call(method, target, body, { "Content-Type": type });
          expectClientError(
            response.status,
            await response.json(),
            `${method} ${target} with ${type} ${body.slice(0, 30)}`,
          );
        }
      }
    }
  });

  it("refuses a body nested 3,000 levels deep with 400 before anything walks it, anonymously, in the caller's language", async () => {
    const deep = `${'{"Email":'.repeat(3000)}"a"${"}".repeat(3000)}`;
    for (const [path, culture] of [
      ["/security/login", "fr"],
      ["/shoppingcarts/coupon", "nl"],
      ["/catalog/products/addtocart", "de"],
    ] as const) {
      const response = await apiClient("203.0.113.201").call("POST", path, deep, { "X-Culture": culture });
      expect(response.status, path).toBe(400);
      const body = (await response.json()) as { Code: string; Message: string };
      expect(body.Code).toBe("InvalidJson");
      expect(body.Message).toMatch(/32/);
    }
    // As deep as ours go, and a bit more, is still read.
    const fine = await apiClient("203.0.113.201").call("POST", "/security/login", {
      Email: "x@example.org",
      Password: "nope",
      Extra: JSON.parse(`${"[".repeat(20)}${"]".repeat(20)}`),
    });
    expect(fine.status).not.toBe(400);
  });

  it("refuses unknown methods on known paths without a 5xx", async () => {
    const response = await apiClient().call("PUT", "/shoppingcarts", {});
    expectClientError(response.status, await response.json(), "PUT /shoppingcarts");
  });
});
