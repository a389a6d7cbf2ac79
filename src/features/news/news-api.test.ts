import { describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { categoryFilter, newsArticle, newsCalendar, newsList } from "./news.server";

async function editor() {
  const client = apiClient("203.0.113.62");
  expect(
    (await client.call("POST", "/security/login", { Email: "editor@vitrine.test", Password: "Vitrine-editor-1" }))
      .status,
  ).toBe(200);
  return client;
}

const IMAGE = 1;
const item = (slug: string, overrides: Record<string, unknown> = {}) => ({
  CategoryId: 1,
  PublishedAt: "2026-03-10T09:00:00+01:00",
  Author: "Claire",
  ImageAssetId: IMAGE,
  GalleryAssetIds: [2, 3],
  Published: true,
  Translations: { fr: { Slug: slug, Title: `Titre ${slug}`, Summary: "Résumé", Body: "<p onclick='x()'>Corps</p>" } },
  ...overrides,
});

describe.each(DIALECTS)("news on %s", (dialect) => {
  useTestDatabase(dialect, { products: 4 });

  it("lets editors create news answering its Url; shoppers get 403 and guests 401", async () => {
    expect((await apiClient().call("POST", "/content/news", item("a"))).status).toBe(401);
    const shopper = apiClient("203.0.113.63");
    await shopper.call("POST", "/security/login", { Email: "marie@vitrine.test", Password: "Vitrine-demo-1" });
    expect((await shopper.call("POST", "/content/news", item("a"))).status).toBe(403);
    const answer = await (await (await editor()).call("POST", "/content/news", item("printemps"))).json();
    expect(answer).toMatchObject({ Url: "/fr/news/printemps", Warnings: [] });
    const article = await newsArticle("fr", "printemps");
    expect(article?.body).toBe("<p>Corps</p>");
    expect(article?.gallery.map((g) => g.id)).toEqual([2, 3]);
    expect(article?.publishedAt).toBe("2026-03-10T08:00:00.000Z");
  });

  it("refuses an unknown image, category or culture, and a slug another item has", async () => {
    const client = await editor();
    const missingImage = await client.call("POST", "/content/news", item("x", { ImageAssetId: 999999 }));
    expect(missingImage.status).toBe(400);
    expect((await missingImage.json()).Errors).toHaveProperty("ImageAssetId");
    expect((await client.call("POST", "/content/news", item("x", { GalleryAssetIds: [999999] }))).status).toBe(400);
    expect((await client.call("POST", "/content/news", item("x", { CategoryId: 999 }))).status).toBe(400);
    expect((await client.call("POST", "/content/news", item("x", { PublishedAt: "tomorrow" }))).status).toBe(400);
    const taken = await client.call("POST", "/content/news", item("la-collection-d-automne-est-arrivee"));
    expect(taken.status).toBe(409);
    expect(await db().selectFrom("news_translations").select("news_id").where("slug", "=", "x").execute()).toEqual([]);
  });

  it("two editors saving the same slug at once: one wins, the other is told (409), nothing half-written", async () => {
    const [a, b] = await Promise.all([editor(), editor()]);
    const answers = await Promise.all([
      a.call("POST", "/content/news", item("meme-adresse", { Author: "Parallel" })),
      b.call("POST", "/content/news", item("meme-adresse", { Author: "Parallel" })),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await db()
      .selectFrom("news_translations")
      .select("news_id")
      .where("slug", "=", "meme-adresse")
      .execute();
    expect(rows).toHaveLength(1);
    expect(await db().selectFrom("news").select("id").where("author", "=", "Parallel").execute()).toHaveLength(1);
  });

  it("hides unpublished and future news from shoppers, and the calendar counts what shows", async () => {
    const client = await editor();
    const april = { PublishedAt: "2026-04-17T09:00:00+02:00" };
    const { Id } = await (
      await client.call("POST", "/content/news", item("brouillon", { ...april, Published: false }))
    ).json();
    await client.call("POST", "/content/news", item("futur", { PublishedAt: "2999-01-01T00:00:00Z" }));
    expect(await newsArticle("fr", "brouillon")).toBeNull();
    expect(await newsArticle("fr", "futur")).toBeNull();
    await client.call("POST", `/content/news/${Id}/publish`, { Published: true });
    expect(await newsArticle("fr", "brouillon")).not.toBeNull();
    const calendar = await newsCalendar("fr", [], 2026, 4);
    expect(calendar.weeks.flat().filter((c) => c.count > 0)).toEqual([{ date: "2026-04-17", day: 17, count: 1 }]);
    expect((await newsList("fr", { categoryIds: [], page: 1, pageSize: 5, day: "2026-04-17" })).total).toBe(1);
  });

  it("includes a category's children only when asked (displayChildren)", async () => {
    expect(await categoryFilter([2], false)).toEqual([2]);
    expect((await categoryFilter([2], true)).sort()).toEqual([2, 3]);
    const seeded = await newsList("fr", { categoryIds: await categoryFilter([2], true), page: 1, pageSize: 50 });
    const only = await newsList("fr", { categoryIds: [2], page: 1, pageSize: 50 });
    expect(seeded.total).toBeGreaterThan(only.total);
  });

  it("keeps an image that news shows from being deleted (409)", async () => {
    const client = await editor();
    await client.call("POST", "/content/news", item("avec-photo", { ImageAssetId: 5, GalleryAssetIds: [] }));
    const refused = await client.call("POST", "/assetslibrary/assets/delete", { AssetId: 5 });
    expect(refused.status).toBe(409);
  });

  it("creates categories and lists them as a tree in the request's culture", async () => {
    const client = await editor();
    const { Id } = await (
      await client.call("POST", "/content/newscategories", { ParentId: 1, Names: { nl: "Evenementen" } })
    ).json();
    const tree = await (await apiClient().call("GET", "/news/categories", undefined, { "X-Culture": "nl" })).json();
    expect(tree[0].children.map((c: { id: number; name: string }) => [c.id, c.name])).toContainEqual([
      Id,
      "Evenementen",
    ]);
    expect((await client.call("POST", "/content/newscategories", { ParentId: 999, Names: { nl: "X" } })).status).toBe(
      400,
    );
  });
});
