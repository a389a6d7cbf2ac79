import { describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { customerIdOf } from "../../../tests/support/accounts";
import { apiClient } from "../../../tests/support/api";
import { simpleVariant } from "../../../tests/support/checkout";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { payByWebhook, placeOrder } from "../../../tests/support/orders";

async function signedIn(email: string, password: string) {
  const client = apiClient("203.0.113.91");
  expect((await client.call("POST", "/security/login", { Email: email, Password: password })).status).toBe(200);
  return client;
}
const marie = () => signedIn("marie@vitrine.test", "Vitrine-demo-1");
const jan = () => signedIn("jan@vitrine.test", "Vitrine-demo-2");

async function marieListId(): Promise<number> {
  const row = await db()
    .selectFrom("birth_lists")
    .select("id")
    .where("name", "=", "Naissance de Léo")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function newList(client: ReturnType<typeof apiClient>, name = "Naissance de Mila") {
  const answer = await client.call("POST", "/birthlists/birthlist/create", {
    Name: name,
    Parents: "Jan en Eva Peeters",
    DueDate: "2027-03-01",
    Message: "Dank u!",
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { BirthListId: number }).BirthListId;
}

/** Adds `quantity` of a variant to one of the owner's lists; answers the item's id. */
async function addItem(owner: ReturnType<typeof apiClient>, listId: number, variantId: number, quantity: number) {
  const answer = await owner.call("POST", "/birthlists/birthlist/addproductvariant", {
    ProductVariantId: variantId,
    Quantity: quantity,
    BirthListId: listId,
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { BirthListItemId: number }).BirthListItemId;
}

/** An item's row, and its gifts in the order they were recorded. */
const itemRow = (itemId: number) =>
  db().selectFrom("birth_list_items").selectAll().where("id", "=", itemId).executeTakeFirstOrThrow();
const giftsOfItem = (itemId: number) =>
  db().selectFrom("birth_list_gifts").selectAll().where("item_id", "=", itemId).orderBy("id").execute();

/** A guest gives `quantity` of a birth-list item: into their cart, ordered; answers the order's number. */
async function giveAsGuest(itemId: number, quantity: number, email: string) {
  const guest = apiClient("203.0.113.92");
  const added = await guest.call("POST", "/birthlists/birthlist/addtocart", {
    BirthListItemId: itemId,
    Quantity: quantity,
  });
  expect(added.status).toBe(200);
  const placed = await placeOrder(guest, { Email: email });
  expect(placed.status).toBe(200);
  return { guest, number: ((await placed.json()) as { OrderNumber: string }).OrderNumber };
}

describe.each(DIALECTS)("birth list API on %s", (dialect) => {
  useTestDatabase(dialect, { products: 12 });

  it("seeds Marie's list: five products, two of them priorities, two units already given", async () => {
    const listId = await marieListId();
    const items = await db()
      .selectFrom("birth_list_items")
      .select(["quantity", "given_quantity", "is_priority"])
      .where("birth_list_id", "=", listId)
      .orderBy("id")
      .execute();
    expect(items).toHaveLength(5);
    expect(items.filter((i) => i.is_priority === 1)).toHaveLength(2);
    expect(items.reduce((sum, i) => sum + i.given_quantity, 0)).toBe(2);
    const client = await marie();
    expect(await (await client.call("GET", "/birthlists/birthlist/products/count")).json()).toBe(5);
  });

  it("lets its owner add, prioritise, set quantities, rename, describe, inform and delete; others get 404", async () => {
    const owner = await jan();
    const listId = await newList(owner);
    const variant = await simpleVariant(1, 1);
    const added = await owner.call(
      "POST",
      "/birthlists/birthlist/addproductvariant",
      { ProductVariantId: variant.id, Quantity: 2, BirthListId: listId },
      { "X-Culture": "nl" },
    );
    expect(added.status).toBe(200);
    const body = (await added.json()) as {
      Message: string;
      BirthListId: number;
      ListName: string;
      BirthListItemId: number;
    };
    expect(body).toMatchObject({ BirthListId: listId, ListName: "Naissance de Mila" });
    expect(body.Message).toContain("Naissance de Mila");
    const itemId = body.BirthListItemId;

    const other = await marie();
    const refused = [
      await other.call("POST", "/birthlists/birthlist/updatequantity", { Id: itemId, Quantity: 9 }),
      await other.call("POST", "/birthlists/birthlist/updatePriority", { Id: itemId, IsPriority: true }),
      await other.call("POST", "/birthlists/birthlist/updatename", { Id: listId, Name: "Mine" }),
      await other.call("POST", "/birthlists/birthlist/updatedescription", { Id: listId, Description: "x" }),
      await other.call("POST", "/birthlists/birthlist/updateinfo", { Id: listId, Name: "x", Parents: "yy" }),
      await other.call("DELETE", "/birthlists/birthlist/deletefromlist", { Id: itemId }),
      await other.call("POST", "/birthlists/birthlist/delete", { Id: listId }),
      await other.call("POST", "/birthlists/birthlist/addproductvariant", {
        ProductVariantId: variant.id,
        BirthListId: listId,
      }),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    const guest = apiClient("203.0.113.93");
    expect((await guest.call("POST", "/birthlists/birthlist/updatequantity", { Id: itemId, Quantity: 9 })).status).toBe(
      401,
    );
    expect((await guest.call("GET", "/birthlists/birthlist/products/count")).status).toBe(401);

    expect(
      await (await owner.call("POST", "/birthlists/birthlist/updatequantity", { Id: itemId, Quantity: -4 })).json(),
    ).toEqual({
      IsSuccessfull: true,
      BirthListItemId: itemId,
      Quantity: 4,
    });
    expect(
      (await owner.call("POST", "/birthlists/birthlist/updatePriority", { Id: itemId, IsPriority: true })).status,
    ).toBe(200);
    expect(
      (await owner.call("POST", "/birthlists/birthlist/updatename", { Id: listId, Name: "<i>Mila</i>" })).status,
    ).toBe(200);
    expect(
      (await owner.call("POST", "/birthlists/birthlist/updatedescription", { Id: listId, Description: "Lente" }))
        .status,
    ).toBe(200);
    expect(
      (
        await owner.call("POST", "/birthlists/birthlist/updateinfo", {
          Id: listId,
          Name: "Mila",
          Parents: "Jan Peeters",
          DueDate: "bad",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await owner.call("POST", "/birthlists/birthlist/updateinfo", {
          Id: listId,
          Name: "Mila",
          Parents: "Jan Peeters",
          DueDate: "2027-04-02",
          Message: "Bedankt",
        })
      ).status,
    ).toBe(200);
    const list = await db().selectFrom("birth_lists").selectAll().where("id", "=", listId).executeTakeFirstOrThrow();
    expect([list.name, list.description, list.parents, list.due_date, list.message]).toEqual([
      "Mila",
      "Lente",
      "Jan Peeters",
      "2027-04-02",
      "Bedankt",
    ]);
    const item = await db()
      .selectFrom("birth_list_items")
      .selectAll()
      .where("id", "=", itemId)
      .executeTakeFirstOrThrow();
    expect([item.quantity, item.is_priority]).toEqual([4, 1]);
    expect((await owner.call("GET", "/birthlists/birthlist/lists")).status).toBe(200);
    expect((await owner.call("DELETE", "/birthlists/birthlist/deletefromlist", { Id: itemId })).status).toBe(200);
    expect((await owner.call("DELETE", "/birthlists/birthlist/deletefromlist", { Id: itemId })).status).toBe(404);
    expect(await (await owner.call("POST", "/birthlists/birthlist/delete", { Id: listId })).json()).toEqual({
      Uri: "/fr/birthlists/birthlist/mine",
    });
    expect((await owner.call("POST", "/birthlists/birthlist/delete", { Id: "abc" })).status).toBe(400);
  });

  it("finds lists by the parents' names, not by a single letter nor by wildcards", async () => {
    const search = async (q: string) =>
      (await (await apiClient().call("GET", `/birthlists/birthlist/search?q=${encodeURIComponent(q)}`)).json()) as {
        Name: string;
      }[];
    expect((await search("DUBOIS")).map((l) => l.Name)).toContain("Naissance de Léo");
    expect((await search("paul dub")).map((l) => l.Name)).toContain("Naissance de Léo");
    expect(await search("d")).toEqual([]);
    expect(await search("%%")).toEqual([]);
    expect(await search("__")).toEqual([]);
  });

  it("a gift-giver without an account gives; the list counts it once, when the order is paid", async () => {
    const owner = await jan();
    const listId = await newList(owner, "Gifts once");
    const variant = await simpleVariant(4, 2);
    const BirthListItemId = await addItem(owner, listId, variant.id, 2);
    const guest = apiClient("203.0.113.94");
    const tooMany = await guest.call(
      "POST",
      "/birthlists/birthlist/addtocart",
      { BirthListItemId, Quantity: 3 },
      { "X-Culture": "fr" },
    );
    expect(tooMany.status).toBe(409);
    expect(((await tooMany.json()) as { Errors: { Quantity: string[] } }).Errors.Quantity[0]).toBe(
      "Il ne reste que 2 à offrir.",
    );
    const { guest: giver, number } = await giveAsGuest(BirthListItemId, 1, "giver@example.org");
    const given = async () =>
      (
        await db()
          .selectFrom("birth_list_items")
          .select("given_quantity")
          .where("id", "=", BirthListItemId)
          .executeTakeFirstOrThrow()
      ).given_quantity;
    expect(await given()).toBe(0);
    await payByWebhook(giver, number, 3);
    expect(await given()).toBe(1);
    const gifts = await db()
      .selectFrom("birth_list_gifts")
      .selectAll()
      .where("item_id", "=", BirthListItemId)
      .execute();
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toMatchObject({ quantity: 1, over_quantity: 0 });
    expect(gifts[0]?.giver_name).not.toBe("");
  });

  it("deleting a list or an item someone gave from keeps its gifts with their orders; an untouched one goes", async () => {
    const owner = await jan();
    const listId = await newList(owner, "Kept gifts");
    const [given, other] = [await simpleVariant(4, 4), await simpleVariant(4, 5)];
    const add = (variantId: number, quantity: number) => addItem(owner, listId, variantId, quantity);
    const itemId = await add(given.id, 2);
    await add(other.id, 1);
    const { guest, number } = await giveAsGuest(itemId, 1, "kept@example.org");
    await payByWebhook(guest, number);
    const giftsOfItem = () =>
      db().selectFrom("birth_list_gifts").select("quantity").where("item_id", "=", itemId).execute();
    expect(await giftsOfItem()).toEqual([{ quantity: 1 }]);
    // The item goes from the list, its gift stays; added again, it comes back with what was given.
    expect((await owner.call("DELETE", "/birthlists/birthlist/deletefromlist", { Id: itemId })).status).toBe(200);
    expect(await giftsOfItem()).toEqual([{ quantity: 1 }]);
    const lists = async () =>
      (await (await owner.call("GET", "/birthlists/birthlist/lists")).json()) as { Id: number; Name: string }[];
    expect(await add(given.id, 3)).toBe(itemId);
    const item = await db()
      .selectFrom("birth_list_items")
      .select(["quantity", "given_quantity", "removed_at"])
      .where("id", "=", itemId)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ quantity: 3, given_quantity: 1, removed_at: null });
    // The list goes for everyone; its items and gifts stay with the order.
    expect((await owner.call("POST", "/birthlists/birthlist/delete", { Id: listId })).status).toBe(200);
    expect((await lists()).map((l) => l.Name)).not.toContain("Kept gifts");
    const found = (await (await apiClient().call("GET", "/birthlists/birthlist/search?q=Kept")).json()) as unknown[];
    expect(found).toEqual([]);
    expect(await giftsOfItem()).toEqual([{ quantity: 1 }]);
    expect(
      (
        await apiClient("203.0.113.95").call("POST", "/birthlists/birthlist/addtocart", {
          BirthListItemId: itemId,
          Quantity: 1,
        })
      ).status,
    ).toBe(404);
    expect((await owner.call("POST", "/birthlists/birthlist/delete", { Id: listId })).status).toBe(404);
    const orderLine = await db()
      .selectFrom("order_lines")
      .select("birth_list_item_id")
      .where("birth_list_item_id", "=", itemId)
      .executeTakeFirst();
    expect(orderLine).toEqual({ birth_list_item_id: itemId });
    // A list nobody gave from is deleted outright.
    const empty = await newList(owner, "Nothing given");
    expect((await owner.call("POST", "/birthlists/birthlist/delete", { Id: empty })).status).toBe(200);
    expect(await db().selectFrom("birth_lists").select("id").where("id", "=", empty).execute()).toEqual([]);
  });

  it("a gift paid entirely with prepaid credit is counted, as one paid by card, and confirmed", async () => {
    const owner = await jan();
    const listId = await newList(owner, "Gifts by credit");
    const variant = await simpleVariant(3, 3);
    const BirthListItemId = await addItem(owner, listId, variant.id, 2);
    const giver = await marie();
    const marieId = await customerIdOf("marie@vitrine.test");
    const account = await db()
      .insertInto("prepaid_accounts")
      .values({
        customer_id: marieId,
        name: "Gifts",
        balance: 1_000_000,
        notify_usage: 0,
        low_balance_threshold: 0,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db().deleteFrom("cart_lines").execute();
    expect((await giver.call("POST", "/birthlists/birthlist/addtocart", { BirthListItemId, Quantity: 1 })).status).toBe(
      200,
    );
    const placed = await placeOrder(giver, { PrepaidAccountId: account.id });
    const order = (await placed.json()) as { Status: string; OrderId: number; OrderNumber: string };
    expect(order.Status).toBe("Paid");
    expect((await itemRow(BirthListItemId)).given_quantity).toBe(1);
    expect(await giftsOfItem(BirthListItemId)).toMatchObject([{ quantity: 1, over_quantity: 0 }]);
    const confirmations = await db()
      .selectFrom("mail_outbox")
      .select("subject")
      .where("to_address", "=", "marie@vitrine.test")
      .where("subject", "like", `%${order.OrderNumber}%`)
      .execute();
    expect(confirmations).toHaveLength(1);
  });

  it("two givers paying for the last wanted unit at once: counted once, the extra unit said, not hidden", async () => {
    const owner = await jan();
    const listId = await newList(owner, "Last unit");
    const variant = await simpleVariant(4, 3);
    const BirthListItemId = await addItem(owner, listId, variant.id, 1);
    const first = await giveAsGuest(BirthListItemId, 1, "first@example.org");
    const second = await giveAsGuest(BirthListItemId, 1, "second@example.org");
    await Promise.all([payByWebhook(first.guest, first.number), payByWebhook(second.guest, second.number)]);
    expect((await itemRow(BirthListItemId)).given_quantity).toBe(1);
    const gifts = await giftsOfItem(BirthListItemId);
    expect(gifts.map((g) => g.quantity + g.over_quantity)).toEqual([1, 1]);
    expect(gifts.map((g) => g.over_quantity).sort()).toEqual([0, 1]);
    // Nothing is left to give now: a third giver is told so.
    const third = await apiClient("203.0.113.95").call("POST", "/birthlists/birthlist/addtocart", {
      BirthListItemId,
      Quantity: 1,
    });
    expect(third.status).toBe(409);
  });

  it("orders all for the owner: what is left of each product goes to the cart as gifts; others get 404", async () => {
    const owner = await jan();
    await db().deleteFrom("cart_lines").execute();
    const listId = await newList(owner, "Order all");
    const plenty = await simpleVariant(6, 4);
    const { BirthListItemId } = (await (
      await owner.call("POST", "/birthlists/birthlist/addproductvariant", {
        ProductVariantId: plenty.id,
        Quantity: 3,
        BirthListId: listId,
      })
    ).json()) as { BirthListItemId: number };
    await db().updateTable("birth_list_items").set({ given_quantity: 1 }).where("id", "=", BirthListItemId).execute();
    expect(
      (await (await marie()).call("POST", "/birthlists/birthlist/addlisttocart", { BirthListId: listId })).status,
    ).toBe(404);
    const answer = await owner.call("POST", "/birthlists/birthlist/addlisttocart", { BirthListId: listId });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      Lines: { variantId: number; qty: number; Added: boolean }[];
      AddedCount: number;
    };
    expect(body.Lines).toEqual([expect.objectContaining({ variantId: plenty.id, qty: 2, Added: true })]);
    const lines = await db().selectFrom("cart_lines").select(["quantity", "item_origin", "item_key"]).execute();
    expect(lines).toEqual([{ quantity: 2, item_origin: "BirthList", item_key: String(BirthListItemId) }]);
  });
});
