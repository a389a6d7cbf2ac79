import { describe, expect, it } from "vitest";
import { db } from "../../src/server/db/client";
import { ENDPOINTS } from "../../src/server/endpoints";
import { openApiDocument } from "../../src/server/http/openapi";
import { apiClient } from "../support/api";
import { DIALECTS, useTestDatabase } from "../support/db";

const NUL = "\u0000";

async function expectRefused(response: Response, field?: string) {
  expect(response.status).toBe(400);
  const body = await response.json();
  expect(body).toMatchObject({ Code: "ValidationFailed", Message: expect.any(String) });
  if (field) expect(body.Errors[field]).toEqual(["Valeur invalide."]);
}

describe.each(DIALECTS)("control characters are refused before they reach %s", (dialect) => {
  useTestDatabase(dialect, { products: 8 });

  it("in a search query", async () => {
    await expectRefused(await apiClient().call("GET", "/catalog/search/suggestions?q=%00&culture=fr"), "q");
  });

  it("in a coupon code, an item key and the fields of an address", async () => {
    const client = apiClient();
    await expectRefused(
      await client.call("POST", "/shoppingcarts/coupon?culture=fr", { CouponCode: `WELCOME${NUL}` }),
      "CouponCode",
    );
    const variant = await db().selectFrom("product_variants").select("id").executeTakeFirstOrThrow();
    await expectRefused(
      await client.call("POST", "/catalog/products/addtocart?culture=fr", {
        ProductVariantId: variant.id,
        Quantity: 1,
        ItemKey: `k${NUL}`,
      }),
      "ItemKey",
    );
    await expectRefused(await client.call("GET", `/countries/1/cities/10${encodeURIComponent(NUL)}00?culture=fr`));
  });

  it("in a nested body field, named by its path", async () => {
    const response = await apiClient().call("POST", "/sales/orders?culture=fr", {
      IdempotencyKey: "abcdefgh-1234-5678",
      Billing: { FirstName: "Marie", City: `Bruxelles${NUL}` },
    });
    await expectRefused(response, "Billing.City");
  });

  it("on every route: a NUL in the path, the query or any text of the body is a 400, never a 5xx", async () => {
    const client = apiClient("203.0.113.201");
    const routes = Object.entries(openApiDocument(ENDPOINTS).paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ path: path.replace(/^\/api\/v1/, ""), method: method.toUpperCase() })),
    );
    for (const { path, method } of routes) {
      if (path.includes("{")) {
        const response = await client.call(method, path.replace(/\{[^}]+\}/g, "1%00"));
        expect(response.status, `${method} ${path}`).toBe(400);
      }
      const query = await client.call(method, `${path.replace(/\{[^}]+\}/g, "1")}?q=a%00b`);
      expect(query.status, `${method} ${path}?q=`).toBe(400);
      if (method !== "GET") {
        const body = await client.call(method, path.replace(/\{[^}]+\}/g, "1"), { Anything: `a${NUL}b` });
        expect(body.status, `${method} ${path} body`).toBeLessThan(500);
      }
    }
  });
});
