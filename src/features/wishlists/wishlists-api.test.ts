import { describe, expect, it } from "vitest";
import { apiClient } from "../../../tests/support/api";
import { simpleVariant } from "../../../tests/support/checkout";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { db } from "../../server/db/client";

async function signedIn(email: string, password: string) {
  const client = apiClient("203.0.113.90");
  expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
  return client;
}
const lucia = () => signedIn("lucia@vitrine.test", "Vitrine-demo-3");
const jan = () => signedIn("jan@vitrine.test", "Vitrine-demo-2");

describe.each(DIALECTS)("wishlist API on %s", (dialect) => {
  useTestDatabase(dialect, { products: 12 });

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
    const list = await db().selectFrom("wishlists").selectAll().where("id", "=", WishlistId).executeTakeFirstOrThrow();
    expect([list.name, list.description]).toEqual(["<b>Anniversaire</b>", "Pour Léo"]);
    expect((await client.call("POST", "/catalog/wishlist/updatename", { Id: WishlistId, Name: "" })).status).toBe(400);
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
      (await apiClient().call("POST", "/catalog/wishlist/addproductvariant", { ProductVariantId: variant.id })).status,
    ).toBe(401);
    expect(
      (await client.call("POST", "/catalog/wishlist/addproductvariant", { ProductVariantId: 999999 })).status,
    ).toBe(404);
    expect((await client.call("POST", "/catalog/wishlist/addproductvariant", { ProductVariantId: "abc" })).status).toBe(
      400,
    );
    expect((await client.call("DELETE", "/catalog/wishlist/deletefromalllist/abc")).status).toBe(404);
  });
});
