import { afterEach, describe, expect, it, vi } from "vitest";
import { pickupPointView } from "./pickup-point";

/** The browser as far as the store touches it: a document to raise events on, and fetch. */
function fakeBrowser() {
  const document = Object.assign(new EventTarget(), { documentElement: { lang: "fr" }, cookie: "" });
  vi.stubGlobal("document", document);
  vi.stubGlobal("window", { location: { pathname: "/fr/checkout", search: "" } });
  return document;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const point = (id: string, name: string) =>
  pickupPointView({
    PublicAccessPointID: id,
    ConsigneeName: name,
    Address: "Rue Neuve 45",
    PostCode: "1000",
    City: "Bruxelles",
    CountryId: 1,
    Distance: 0.4,
    Geocode: { Latitude: 50.85, Longitude: 4.35 },
    PickupPointType: "Shop",
    PickupPointId: 1,
  });

const METHODS = [
  { id: 3, carrier: "static", addressForm: "place" as const },
  { id: 2, carrier: "demo", addressForm: "postal" as const },
];

/** A fresh store module, loaded once the fake browser is there (it listens to the document). */
async function freshStore() {
  vi.resetModules();
  const store = await import("./pickup.store");
  store.resetPickup({ culture: "fr", countryCode: "BE", methods: METHODS, methodId: 3, chosen: null });
  return store;
}

describe("$pickup", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("follows a shipping method changed elsewhere: the new carrier is searched and the old point let go", async () => {
    const document = fakeBrowser();
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      json(200, {
        ResponseStatusDescription: "Success",
        PickupPointViewModels: [
          url.includes("/demo/") ? point("DEMO-1000-1", "Librairie") : point("SHOP-1", "Vitrine"),
        ],
      }),
    );
    vi.stubGlobal("fetch", fetch);
    const store = await freshStore();
    store.configurePickup({ chosen: { ref: "SHOP-1", name: "Vitrine", street: "", postalCode: "1000", city: "" } });
    await store.searchPickupPoints({ postCode: "1000" });
    expect(store.$pickup.get().points.map((p) => p.PublicAccessPointID)).toEqual(["SHOP-1"]);

    document.dispatchEvent(new CustomEvent("cart:shipping-method-changed", { detail: { ShippingMethodId: 2 } }));
    await vi.waitFor(() => expect(store.$pickup.get().phase).toBe("done"));
    expect(fetch).toHaveBeenLastCalledWith("/api/v1/shipping/demo/getpickuppoints", expect.anything());
    expect(JSON.parse(String(fetch.mock.lastCall?.[1]?.body))).toMatchObject({
      ShippingMethodId: 2,
      PostalCode: "1000",
      CountryCode: "BE",
      SearchRadius: 15,
      MaximumListSize: 10,
    });
    expect(store.$pickup.get()).toMatchObject({ methodId: 2, chosen: null });
    expect(store.$pickup.get().points.map((p) => p.PublicAccessPointID)).toEqual(["DEMO-1000-1"]);
    expect(store.currentPickupMethod()?.addressForm).toBe("postal");

    // Home delivery: nothing to search, nothing asked.
    const calls = fetch.mock.calls.length;
    document.dispatchEvent(new CustomEvent("cart:shipping-method-changed", { detail: { ShippingMethodId: 1 } }));
    expect(store.$pickup.get()).toMatchObject({ methodId: 1, points: [], phase: "idle" });
    expect(fetch.mock.calls.length).toBe(calls);
  });

  it("keeps the newest search when an older answer arrives late", async () => {
    fakeBrowser();
    const pending: ((response: Response) => void)[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => pending.push(resolve))),
    );
    const store = await freshStore();
    const first = store.searchPickupPoints({ postCode: "1000" });
    const second = store.searchPickupPoints({ postCode: "2000" });
    pending[1]?.(
      json(200, { ResponseStatusDescription: "Success", PickupPointViewModels: [point("SHOP-2", "Antwerpen")] }),
    );
    await second;
    pending[0]?.(
      json(200, { ResponseStatusDescription: "Success", PickupPointViewModels: [point("SHOP-1", "Bruxelles")] }),
    );
    await first;
    expect(store.$pickup.get().points.map((p) => p.ConsigneeName)).toEqual(["Antwerpen"]);
    expect(store.$pickup.get().query.postCode).toBe("2000");
  });

  it("saves the active point with the billing names, then closes and tells the delivery block", async () => {
    const document = fakeBrowser();
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      url.includes("getpickuppoints")
        ? json(200, {
            ResponseStatusDescription: "Success",
            PickupPointViewModels: [point("SHOP-1", "Vitrine Bruxelles")],
          })
        : json(200, true),
    );
    vi.stubGlobal("fetch", fetch);
    const store = await freshStore();
    const heard: unknown[] = [];
    document.addEventListener("pickup:chosen", (event) => heard.push((event as CustomEvent).detail));
    store.setPickupNames("Anne", "Martin");
    store.openPickupFinder();
    await vi.waitFor(() => expect(store.$pickup.get().phase).toBe("done"));
    expect(await store.chooseActivePoint()).toBe(false);
    store.activatePickupPoint("NOT-FOUND");
    expect(store.$pickup.get().activeId).toBeNull();
    store.activatePickupPoint("SHOP-1");
    expect(await store.chooseActivePoint()).toBe(true);
    const saved = JSON.parse(String(fetch.mock.lastCall?.[1]?.body));
    expect(saved).toMatchObject({
      ShippingFirstName: "Anne",
      ShippingLastName: "Martin",
      ShippingMethodId: "3",
      PickupPointId: "1",
    });
    expect(store.$pickup.get()).toMatchObject({ open: false, chosen: { ref: "SHOP-1", name: "Vitrine Bruxelles" } });
    expect(heard).toEqual([expect.objectContaining({ ref: "SHOP-1" })]);
  });

  it("shows a carrier's non-Success status and a refusal as failures, keeping nothing stale", async () => {
    fakeBrowser();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(200, { ResponseStatusDescription: "AddressNotFound", PickupPointViewModels: [] })),
    );
    const store = await freshStore();
    await store.searchPickupPoints({ postCode: "9999" });
    expect(store.$pickup.get()).toMatchObject({ phase: "done", failure: "status", points: [] });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json(422, {
          Code: "ShippingMethodUnavailable",
          Message: "Ce mode de livraison n'est pas disponible.",
          Errors: {},
        }),
      ),
    );
    await store.searchPickupPoints({ postCode: "1000" });
    expect(store.$pickup.get().failure).toBe("Ce mode de livraison n'est pas disponible.");
  });
});
