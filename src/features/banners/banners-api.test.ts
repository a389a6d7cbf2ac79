import { describe, expect, it } from "vitest";
import { db } from "~/server/db/client";
import { apiClient } from "../../../tests/support/api";
import { DIALECTS, useTestDatabase } from "../../../tests/support/db";
import { bannerForDisplay, popupForDisplay } from "./banners.server";

async function editor() {
  const client = apiClient("203.0.113.64");
  expect(
    (await client.call("POST", "/security/login", { Email: "editor@vitrine.test", Password: "Vitrine-editor-1" }))
      .status,
  ).toBe(200);
  return client;
}

const banner = (key: string, slides: unknown[], overrides: Record<string, unknown> = {}) => ({
  Key: key,
  DurationMs: 5000,
  Fade: true,
  Published: true,
  Slides: slides,
  ...overrides,
});
const imageSlide = {
  AssetId: 1,
  LinkUrl: "/{culture}/news",
  Translations: { fr: { Title: "Soldes", LinkLabel: "Voir" } },
};

describe.each(DIALECTS)("banners and popups on %s", (dialect) => {
  useTestDatabase(dialect, { products: 4 });

  it("saves a banner with image and video slides, shown in each culture's words", async () => {
    const client = await editor();
    const created = await client.call(
      "POST",
      "/content/banners",
      banner("spring", [
        imageSlide,
        { VideoProvider: "vimeo", VideoId: "76979871", Translations: { nl: { Title: "Film" } } },
      ]),
    );
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ Url: null, Warnings: [] });
    const shown = await bannerForDisplay("fr", { key: "spring" });
    expect(shown).toMatchObject({ durationMs: 5000, fade: true, closable: false });
    expect(shown?.slides[0]).toMatchObject({
      title: "Soldes",
      linkLabel: "Voir",
      link: "/{culture}/news",
      video: null,
    });
    expect(shown?.slides[1]).toMatchObject({ video: { provider: "vimeo", id: "76979871" }, title: "" });
    expect((await bannerForDisplay("nl", { key: "spring" }))?.slides[1]?.title).toBe("Film");
  });

  it("refuses hostile slides: a provider's id that is not one, a javascript: link, no image nor video", async () => {
    const client = await editor();
    for (const slide of [
      { VideoProvider: "youtube", VideoId: 'x" onload="alert(1)' },
      { VideoProvider: "youtube", VideoId: "aqz-KE-bpKQ&list=1" },
      { VideoId: "aqz-KE-bpKQ" },
      { AssetId: 1, LinkUrl: "javascript:alert(1)" },
      { AssetId: 1, LinkUrl: "//evil.example/x" },
      { AssetId: 1, LinkUrl: "/\\evil.example" },
      { AssetId: 1, LinkUrl: "https://shop.example\\@evil.example" },
      { AssetId: 1, LinkUrl: "http://plain.example" },
      {},
    ]) {
      const refused = await client.call(
        "POST",
        "/content/banners",
        banner(`bad-${Math.random().toString(36).slice(2, 8)}`, [slide]),
      );
      expect(refused.status, JSON.stringify(slide)).toBe(400);
    }
    expect((await client.call("POST", "/content/banners", banner("missing-image", [{ AssetId: 999999 }]))).status).toBe(
      400,
    );
    expect(await db().selectFrom("banners").select("key").where("key", "like", "bad-%").execute()).toEqual([]);
  });

  it("leaves ended, unpublished and deleted banners and popups out of pages", async () => {
    const client = await editor();
    const past = new Date(Date.now() - 1000).toISOString();
    await client.call("POST", "/content/banners", banner("ended", [imageSlide], { EndAt: past }));
    expect(await bannerForDisplay("fr", { key: "ended" })).toBeNull();
    const { Id } = await (
      await client.call("POST", "/content/banners", banner("hidden", [imageSlide], { Published: false }))
    ).json();
    expect(await bannerForDisplay("fr", { key: "hidden" })).toBeNull();
    await client.call("POST", `/content/banners/${Id}/publish`, { Published: true });
    expect(await bannerForDisplay("fr", { key: "hidden" })).not.toBeNull();
    await client.call("DELETE", `/content/banners/${Id}`);
    expect(await bannerForDisplay("fr", { key: "hidden" })).toBeNull();
    expect(await db().selectFrom("banner_slides").select("id").where("banner_id", "=", Id).execute()).toEqual([]);

    const popup = await client.call("POST", "/content/popups", {
      Key: "promo",
      EndAt: "2999-01-01T00:00:00+01:00",
      Published: true,
      Translations: { fr: { Title: "Promo", Body: "<p>Texte<script>x()</script></p>" } },
    });
    expect(popup.status).toBe(200);
    expect(await popupForDisplay("fr", { key: "promo" })).toMatchObject({ title: "Promo", body: "<p>Texte</p>" });
    // No text in that culture: nothing to show there.
    expect(await popupForDisplay("de", { key: "promo" })).toBeNull();
    await client.call("POST", "/content/popups", {
      Key: "over",
      EndAt: past,
      Published: true,
      Translations: { fr: { Title: "Fini" } },
    });
    expect(await popupForDisplay("fr", { key: "over" })).toBeNull();
  });

  it("answers island warnings for a popup body, and 409 for a key another popup has", async () => {
    const client = await editor();
    const body = {
      Key: "warn",
      Published: true,
      Translations: { fr: { Title: "W", Body: '<shop-island name="nope"></shop-island>' } },
    };
    const answer = await (await client.call("POST", "/content/popups", body)).json();
    expect(answer.Warnings).toEqual([{ Culture: "fr", Island: "nope", Reason: 'unknown island "nope"' }]);
    expect((await client.call("POST", "/content/popups", body)).status).toBe(409);
  });

  it("refuses a popup that would show itself, directly, through another or by key, in the culture where it would", async () => {
    const client = await editor();
    const tag = (props: object) =>
      `<p>Voir</p><shop-island name="popup" props='${JSON.stringify(props)}'></shop-island>`;
    const save = (key: string, translations: object, id?: number) =>
      client.call(id ? "PUT" : "POST", id ? `/content/popups/${id}` : "/content/popups", {
        Key: key,
        Published: true,
        Translations: translations,
      });
    const a = await save("loop-a", { fr: { Title: "A", Body: "<p>A</p>" } });
    const aId = ((await a.json()) as { Id: number }).Id;
    const direct = await save("loop-a", { fr: { Title: "A", Body: tag({ popupId: aId }) } }, aId);
    expect(direct.status).toBe(422);
    expect(await direct.json()).toMatchObject({
      Code: "ContentIncludesItself",
      Errors: { "Translations.fr.Body": [] },
    });
    // B shows A: allowed. A showing B (by key) would close the loop: refused, and A keeps its text.
    const b = await save("loop-b", {
      fr: { Title: "B", Body: tag({ popupId: aId }) },
      nl: { Title: "B", Body: "<p>B</p>" },
    });
    expect(b.status).toBe(200);
    const bId = ((await b.json()) as { Id: number }).Id;
    const nl = await client.call(
      "PUT",
      `/content/popups/${aId}`,
      { Key: "loop-a", Published: true, Translations: { fr: { Title: "A", Body: tag({ popupKey: "loop-b" }) } } },
      { "X-Culture": "nl" },
    );
    expect(nl.status).toBe(422);
    expect(((await nl.json()) as { Message: string }).Message).toMatch(/^Deze pop-up zou zichzelf tonen/);
    expect(await popupForDisplay("fr", { id: aId })).toMatchObject({ body: "<p>A</p>" });
    // In Dutch B shows nothing, so A may show B there; a new key that closes a loop is refused too.
    const dutch = await save(
      "loop-a",
      { fr: { Title: "A", Body: "<p>A</p>" }, nl: { Title: "A", Body: tag({ popupKey: "loop-b" }) } },
      aId,
    );
    expect(dutch.status).toBe(200);
    const renamed = await save("loop-b", { nl: { Title: "B", Body: tag({ popupKey: "loop-a" }) } }, bId);
    expect(await renamed.json()).toMatchObject({
      Code: "ContentIncludesItself",
      Errors: { "Translations.nl.Body": [] },
    });
  });
});
