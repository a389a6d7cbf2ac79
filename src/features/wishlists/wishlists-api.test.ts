import { beforeEach, describe, expect, it } from "vitest";
import { db, setProcessDatabase } from "~/server/db/client";
import { customerIdOf } from "../../../tests/support/accounts";
import { apiClient } from "../../../tests/support/api";
import { simpleVariant } from "../../../tests/support/checkout";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";

async function signedIn(email: string, password: string) {
  const client = apiClient("203.0.113.90");
  expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
  return client;
}
const lucia = () => signedIn("lucia@vitrine.test", "Vitrine-demo-3");
const jan = () => signedIn("jan@vitrine.test", "Vitrine-demo-2");

describe.each(DIALECTS)("wishlist API on %s", (dialect) => {
  useTestDatabase(dialect, { products: 12 });

  it("seeds two wishlists with products for each demo customer", async () => {
    const rows = await db()
      .selectFrom("customers as c")
      .leftJoin("wishlists as w", "w.customer_id", "c.id")
      .select(["c.email", (eb) => eb.fn.count<number | string>("w.id").as("lists")])
      .groupBy("c.email")
      .execute();
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) expect(Number(row.lists), row.email).toBe(2);
    const client = await lucia();
    const lists = (await (await client.call("GET", "/catalog/wishlist/lists")).json()) as {
      Id: number;
      Name: string;
      ItemsCount: number;
    }[];
    expect(lists.map((l) => l.ItemsCount)).toEqual([3, 2]);
    expect(lists[0]?.Name).toBe("Ideas de regalo");
  });

  describe("with empty lists", () => {
    beforeEach(async () => {
      await db().deleteFrom("wishlist_items").execute();
      await db().deleteFrom("wishlists").execute();
    });

    it("adds to a new list, then to that list, counts products and says what is in which list", async () => {
      const client = await lucia();
      const variant = await simpleVariant(1);
      const first = await client.call(
        "POST",
        "/catalog/wishlist/addproductvariant",
        { ProductVariantId: variant.id, Name: "Vacances" },
        { "X-Culture": "es" },
      );
      expect(first.status).toBe(200);
      const body = (await first.json()) as { Message: string; WishlistId: number; DataLayer: { event: string } };
      expect(body.Message).toBe("El producto se ha añadido a su lista de deseos.");
      expect(body.DataLayer.event).toBe("add_to_wishlist");
      await client.call("POST", "/catalog/wishlist/addproductvariant", {
        ProductVariantId: variant.id,
        Quantity: 2,
        WishlistId: body.WishlistId,
      });
      const item = await db()
        .selectFrom("wishlist_items")
        .selectAll()
        .where("wishlist_id", "=", body.WishlistId)
        .executeTakeFirstOrThrow();
      expect(item.quantity).toBe(3);
      expect(await (await client.call("GET", "/catalog/wishlist/products/count")).json()).toBe(1);
      expect(
        await (
          await client.call(
            "GET",
            `/catalog/wishlist/isinthelist?productVariantId=${variant.id}&listId=${body.WishlistId}`,
          )
        ).json(),
      ).toBe(true);
      expect(
        await (
          await client.call("GET", `/catalog/wishlist/isinthelist?productVariantId=${variant.id}&listId=999999`)
        ).json(),
      ).toBe(false);
    });

    it("normalises quantities, renames, describes and deletes; another customer changes nothing (404)", async () => {
      const client = await lucia();
      const variant = await simpleVariant(1, 1);
      const { WishlistId } = (await (
        await client.call("POST", "/catalog/wishlist/addproductvariant", {
          ProductVariantId: variant.id,
          Name: "Cadeaux",
        })
      ).json()) as { WishlistId: number };
      const item = await db()
        .selectFrom("wishlist_items")
        .select("id")
        .where("wishlist_id", "=", WishlistId)
        .executeTakeFirstOrThrow();
      const other = await jan();
      expect((await other.call("POST", "/catalog/wishlist/updatequantity", { Id: item.id, Quantity: 4 })).status).toBe(
        404,
      );
      expect((await other.call("POST", "/catalog/wishlist/updatename", { Id: WishlistId, Name: "Mine" })).status).toBe(
        404,
      );
      expect((await other.call("DELETE", "/catalog/wishlist/deletefromlist", { Id: item.id })).status).toBe(404);
      expect((await other.call("POST", "/catalog/wishlist/delete", { Id: WishlistId })).status).toBe(404);
      expect(
        (await other.call("POST", "/catalog/wishlist/addproductvariant", { ProductVariantId: variant.id, WishlistId }))
          .status,
      ).toBe(404);
      expect(
        await (await client.call("POST", "/catalog/wishlist/updatequantity", { Id: item.id, Quantity: -3 })).json(),
      ).toEqual({
        IsSuccessfull: true,
        WishlistProductId: item.id,
        Quantity: 3,
      });
      expect(
        (await client.call("POST", "/catalog/wishlist/updatename", { Id: WishlistId, Name: "  <b>Anniversaire</b>  " }))
          .status,
      ).toBe(200);
      expect(
        (await client.call("POST", "/catalog/wishlist/updatedescription", { Id: WishlistId, Description: "Pour Léo" }))
          .status,
      ).toBe(200);
      const list = await db()
        .selectFrom("wishlists")
        .selectAll()
        .where("id", "=", WishlistId)
        .executeTakeFirstOrThrow();
      expect([list.name, list.description]).toEqual(["<b>Anniversaire</b>", "Pour Léo"]);
      expect((await client.call("POST", "/catalog/wishlist/updatename", { Id: WishlistId, Name: "" })).status).toBe(
        400,
      );
      expect((await client.call("DELETE", `/catalog/wishlist/deletefromlist/${variant.id}/${WishlistId}`)).status).toBe(
        200,
      );
      expect((await client.call("DELETE", `/catalog/wishlist/deletefromlist/${variant.id}/${WishlistId}`)).status).toBe(
        404,
      );
      expect(await (await client.call("POST", "/catalog/wishlist/delete", { Id: WishlistId })).json()).toEqual({
        Uri: "/fr/catalog/wishlist/list",
      });
      expect(await db().selectFrom("wishlists").select("id").where("id", "=", WishlistId).execute()).toEqual([]);
    });

    it("removes a variant from all lists; refuses guests, unknown variants and bad input", async () => {
      const client = await lucia();
      const variant = await simpleVariant(1, 2);
      for (const Name of ["Un", "Deux"])
        await client.call("POST", "/catalog/wishlist/addproductvariant", { ProductVariantId: variant.id, Name });
      expect((await client.call("DELETE", `/catalog/wishlist/deletefromalllist/${variant.id}`)).status).toBe(200);
      expect(
        await (await client.call("GET", `/catalog/wishlist/isinthelist?productVariantId=${variant.id}`)).json(),
      ).toBe(false);
      expect((await apiClient().call("GET", "/catalog/wishlist/products/count")).status).toBe(401);
      expect(
        (await apiClient().call("POST", "/catalog/wishlist/addproductvariant", { ProductVariantId: variant.id }))
          .status,
      ).toBe(401);
      expect(
        (await client.call("POST", "/catalog/wishlist/addproductvariant", { ProductVariantId: 999999 })).status,
      ).toBe(404);
      expect(
        (await client.call("POST", "/catalog/wishlist/addproductvariant", { ProductVariantId: "abc" })).status,
      ).toBe(400);
      expect((await client.call("DELETE", "/catalog/wishlist/deletefromalllist/abc")).status).toBe(404);
    });

    it("orders all of a long list with as many statements as a short one", async () => {
      const client = await lucia();
      const customerId = await customerIdOf("lucia@vitrine.test");
      const variants = await db()
        .selectFrom("product_variants as v")
        .innerJoin("products as p", "p.id", "v.product_id")
        .select("v.id")
        .where("p.is_active", "=", 1)
        .orderBy("v.id")
        .execute();
      expect(variants.length).toBeGreaterThan(20);
      const listOf = async (count: number) => {
        const list = await db()
          .insertInto("wishlists")
          .values({
            customer_id: customerId,
            name: `Long ${count}`,
            description: "",
            created_at: new Date().toISOString(),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await db()
          .insertInto("wishlist_items")
          .values(
            variants.slice(0, count).map((v) => ({
              wishlist_id: list.id,
              variant_id: v.id,
              quantity: 1,
              created_at: new Date().toISOString(),
            })),
          )
          .execute();
        return list.id;
      };
      const statementsOf = async (WishlistId: number) => {
        await db().deleteFrom("cart_lines").execute();
        const plain = db();
        let statements = 0;
        setProcessDatabase({
          dialect,
          db: plain.withPlugin({
            transformQuery: (args) => {
              statements += 1;
              return args.node;
            },
            transformResult: async (args) => args.result,
          }),
        });
        try {
          const answer = await client.call("POST", "/catalog/products/addwishlisttocart", { WishlistId });
          expect(answer.status).toBe(200);
          return { statements, body: (await answer.json()) as { Lines: unknown[]; AddedCount: number } };
        } finally {
          setProcessDatabase({ dialect, db: plain });
        }
      };
      const short = await statementsOf(await listOf(3));
      const long = await statementsOf(await listOf(variants.length));
      expect(long.body.Lines).toHaveLength(variants.length);
      expect(long.body.AddedCount).toBeGreaterThan(10);
      expect(long.statements).toBeLessThanOrEqual(short.statements + 2);
    });

    it("orders all: each line goes to the cart under the cart's rules, and says why when it cannot", async () => {
      const client = await lucia();
      await db().deleteFrom("cart_lines").execute();
      const plenty = await simpleVariant(5, 0);
      const scarce = await simpleVariant(1, 3);
      const { WishlistId } = (await (
        await client.call("POST", "/catalog/wishlist/addproductvariant", { ProductVariantId: plenty.id, Name: "Tout" })
      ).json()) as { WishlistId: number };
      await client.call("POST", "/catalog/wishlist/addproductvariant", { ProductVariantId: scarce.id, WishlistId });
      const answer = await client.call(
        "POST",
        "/catalog/products/addwishlisttocart",
        {
          WishlistId,
          Items: [
            { variantId: plenty.id, qty: 2 },
            { variantId: scarce.id, qty: scarce.units + 1 },
            { variantId: 999999, qty: 1 },
          ],
        },
        { "X-Culture": "de" },
      );
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as {
        Lines: { variantId: number; Added: boolean; Message: string }[];
        AddedCount: number;
        Cart: { ItemsCount: number };
      };
      expect(body.Lines.map((l) => [l.variantId, l.Added])).toEqual([
        [plenty.id, true],
        [scarce.id, false],
        [999999, false],
      ]);
      expect(body.Lines[1]?.Message).toMatch(/\d/);
      expect(body.AddedCount).toBe(1);
      expect(body.Cart.ItemsCount).toBe(2);
      const lines = await db()
        .selectFrom("cart_lines")
        .select(["variant_id", "quantity", "item_origin", "item_key"])
        .execute();
      expect(lines).toEqual([
        { variant_id: plenty.id, quantity: 2, item_origin: "Wishlist", item_key: String(WishlistId) },
      ]);
      // Without Items, the list's own quantities go.
      const again = (await (
        await client.call("POST", "/catalog/products/addwishlisttocart", { WishlistId })
      ).json()) as { AddedCount: number };
      expect(again.AddedCount).toBe(2);
      const other = await jan();
      expect((await other.call("POST", "/catalog/products/addwishlisttocart", { WishlistId })).status).toBe(404);
      expect((await apiClient().call("POST", "/catalog/products/addwishlisttocart", { WishlistId })).status).toBe(401);
      expect(
        (
          await client.call("POST", "/catalog/products/addwishlisttocart", {
            WishlistId,
            Items: [{ variantId: 1, qty: 0 }],
          })
        ).status,
      ).toBe(400);
    });
  });
});
