import { map } from "nanostores";
import { SHIPPING_METHOD_CHANGED_EVENT } from "~/features/cart/cart.store";
import { CITY_AUTOCOMPLETE_MIN_LENGTH } from "~/features/pricing/pricing.constants";
import { RequestError, refusalMessage } from "~/shell/request-errors";
import { locationOf, searchOfLocation } from "./location";
import { rememberedLocation, rememberLocation } from "./location-memory";
import type { PickupPointView } from "./pickup";
import { pickupApi } from "./pickup.client";
import { PICKUP_LIST_SIZE, PICKUP_SEARCH_RADIUS_KM } from "./pickup.constants";
import { type ChosenPickupPoint, chosenFrom, type PickupMethod, savedPointFields } from "./pickup-point";

export interface PickupQuery {
  postCode: string;
  city: string;
  address: string;
}

/**
 * The pickup finder's state, shared by the finder island and the checkout's delivery block: the
 * cart's pickup methods and the current one, the search, its results and the active entry, the point
 * on the cart. `failure`: `status` (the carrier answered a non-Success status), `request` (the call
 * failed), or a refusal's own message.
 */
export interface PickupState {
  open: boolean;
  culture: string;
  countryCode: string;
  methods: PickupMethod[];
  methodId: number | null;
  query: PickupQuery;
  phase: "idle" | "loading" | "done";
  failure: string | null;
  points: PickupPointView[];
  activeId: string | null;
  saving: boolean;
  chosen: ChosenPickupPoint | null;
  names: { first: string; last: string };
}

export const $pickup = map<PickupState>({
  open: false,
  culture: "fr",
  countryCode: "BE",
  methods: [],
  methodId: null,
  query: { postCode: "", city: "", address: "" },
  phase: "idle",
  failure: null,
  points: [],
  activeId: null,
  saving: false,
  chosen: null,
  names: { first: "", last: "" },
});

/** DOM events: the finder is asked for (the island hydrates on it), and a point was chosen. */
export const PICKUP_OPEN_EVENT = "pickup:open";
export const PICKUP_CHOSEN_EVENT = "pickup:chosen";

/** The current method, if it is a pickup method the finder knows. */
export function currentPickupMethod(state: PickupState = $pickup.get()): PickupMethod | null {
  return state.methods.find((m) => m.id === state.methodId) ?? null;
}

/**
 * What the server rendered: the finder's context (methods, country, the first search's place, points
 * already found) and the point on the cart. Only the fields given are set, so the delivery block and
 * the island can each bring what they know.
 */
export function configurePickup(config: Partial<Omit<PickupState, "phase" | "saving" | "open">>): void {
  const state = $pickup.get();
  $pickup.set({
    ...state,
    ...config,
    phase: config.points ? "done" : state.phase,
  });
}

/** What the server gives the finder island to start from (its props, without labels and settings). */
export interface FinderStart {
  /** `modal`: a dialog opened by the checkout's delivery block; `page`: the search page's own content. */
  mode: "modal" | "page";
  culture: string;
  countryCode: string;
  methods: PickupMethod[];
  methodId: number | null;
  query: PickupQuery;
  /** The server's search (page mode); null: the finder searches when it opens. */
  points: PickupPointView[] | null;
  /** The server search's status when it was not Success. */
  failure: string | null;
  chosen: ChosenPickupPoint | null;
  /** Previews: the modal shown open at once. */
  startOpen?: boolean;
}

/**
 * The finder island's server props on hydration. In the checkout the delivery block has configured the
 * store already (and may have opened the finder and started a search): what it set stands.
 */
export function adoptFinder(props: FinderStart): void {
  const known = $pickup.get();
  const configured = known.methods.length > 0;
  configurePickup({
    culture: props.culture,
    countryCode: props.countryCode,
    methods: props.methods,
    methodId: configured ? known.methodId : props.methodId,
    query: known.phase === "idle" ? props.query : known.query,
    chosen: configured ? known.chosen : props.chosen,
    ...(props.points && known.phase === "idle" ? { points: props.points, failure: props.failure, activeId: null } : {}),
  });
  if (props.mode === "page" || props.startOpen) $pickup.setKey("open", true);
  if (props.startOpen && $pickup.get().phase === "idle") void searchFromStart();
}

/** A new page's delivery block: its context, nothing searched or open yet (a swap keeps the module). */
export function resetPickup(config: Partial<Omit<PickupState, "phase" | "saving" | "open">>): void {
  searchCount++;
  $pickup.set({
    ...$pickup.get(),
    ...config,
    open: false,
    phase: "idle",
    failure: null,
    points: [],
    activeId: null,
    saving: false,
  });
}

/**
 * Opens the finder (the island hydrates on the event) and starts a search when none was made yet: from
 * the location the shopper last searched (the location cookie, kept with the preferences consent), else
 * from the checkout's place.
 */
export function openPickupFinder(): void {
  $pickup.setKey("open", true);
  document.dispatchEvent(new CustomEvent(PICKUP_OPEN_EVENT));
  if ($pickup.get().phase === "idle") void searchFromStart();
}

function searchFromStart(): Promise<void> {
  const saved = rememberedLocation();
  const again = saved && searchOfLocation(saved, $pickup.get().countryCode);
  if (again && "position" in again) return searchPickupPoints({}, again.position);
  return searchPickupPoints(again ? again.query : {});
}

export function closePickupFinder(): void {
  $pickup.setKey("open", false);
}

/** The billing names the checkout holds: the saved point's shipping names (spec 001 section 3). */
export function setPickupNames(first: string, last: string): void {
  $pickup.setKey("names", { first, last });
}

let searchCount = 0;

/** Searches the current method's carrier around the query; an older search's late answer is dropped. */
export async function searchPickupPoints(
  query: Partial<PickupQuery> = {},
  position?: { latitude: number; longitude: number },
): Promise<void> {
  const state = $pickup.get();
  const next = { ...state.query, ...query };
  const method = currentPickupMethod(state);
  const own = ++searchCount;
  $pickup.set({ ...state, query: next, phase: "loading", failure: null });
  if (!method) {
    $pickup.set({ ...$pickup.get(), phase: "done", points: [], activeId: null });
    return;
  }
  try {
    const answer = await pickupApi.search(method.carrier, {
      City: next.city,
      PostalCode: next.postCode,
      CountryCode: state.countryCode,
      Address: next.address,
      ShippingMethodId: method.id,
      SearchRadius: PICKUP_SEARCH_RADIUS_KM,
      MaximumListSize: PICKUP_LIST_SIZE,
      CultureName: state.culture,
      ...(position ? { Latitude: position.latitude, Longitude: position.longitude } : {}),
    });
    if (own !== searchCount) return;
    const success = answer.ResponseStatusDescription === "Success";
    if (success) rememberLocation(locationOf({ ...next, countryCode: state.countryCode }, position));
    $pickup.set({
      ...$pickup.get(),
      phase: "done",
      failure: success ? null : "status",
      points: success ? answer.PickupPointViewModels : [],
      activeId: null,
    });
  } catch (error) {
    if (own !== searchCount) return;
    const refusal = refusalMessage(error);
    $pickup.set({
      ...$pickup.get(),
      phase: "done",
      failure: refusal?.message || "request",
      points: [],
      activeId: null,
    });
  }
}

/** How long the browser may take to say where the shopper is before the search gives up on it. */
export const GEOLOCATION_TIMEOUT_MS = 10_000;

/**
 * Searches around the shopper's own position (spec 001 sections 3 and 8): the browser's geolocation,
 * asked when the shopper chooses "near me". Refused, missing or too slow: a console warning and the
 * `geolocation` failure (the finder says to search by postal code or city instead).
 */
export async function searchNearMe(): Promise<void> {
  const position = await new Promise<GeolocationPosition | null>((resolve) => {
    if (!("geolocation" in navigator)) {
      console.warn("Geolocation is not supported by this browser");
      resolve(null);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      resolve,
      (error) => {
        console.warn(`Geolocation failed: ${error.message}`);
        resolve(null);
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 300_000 },
    );
  });
  if (!position) {
    $pickup.set({ ...$pickup.get(), phase: "done", failure: "geolocation", points: [], activeId: null });
    return;
  }
  await searchPickupPoints({}, { latitude: position.coords.latitude, longitude: position.coords.longitude });
}

/** Makes a found point the active entry (a click on the list or on its marker). */
export function activatePickupPoint(id: string): void {
  if ($pickup.get().points.some((p) => p.PublicAccessPointID === id)) $pickup.setKey("activeId", id);
}

/** Saves the active point on the cart; the delivery block and the cart summary follow the store. */
export async function chooseActivePoint(): Promise<boolean> {
  const state = $pickup.get();
  const point = state.points.find((p) => p.PublicAccessPointID === state.activeId);
  if (!point || state.methodId === null || state.saving) return false;
  $pickup.set({ ...state, saving: true, failure: null });
  try {
    await pickupApi.save(savedPointFields(point, state.methodId, state.names));
    const chosen = chosenFrom(point);
    $pickup.set({ ...$pickup.get(), saving: false, chosen, open: false });
    document.dispatchEvent(new CustomEvent(PICKUP_CHOSEN_EVENT, { detail: chosen }));
    return true;
  } catch (error) {
    const refusal = error instanceof RequestError ? refusalMessage(error) : null;
    $pickup.set({ ...$pickup.get(), saving: false, failure: refusal?.message || "request" });
    return false;
  }
}

/**
 * A shipping method chosen elsewhere (the checkout's radios, another island): the finder follows it.
 * Another pickup method searches its own carrier again (the point on the cart belonged to the old
 * one and the server has let it go); home delivery leaves nothing to find.
 */
export function pickupMethodChanged(methodId: number): void {
  const state = $pickup.get();
  if (state.methodId === methodId) return;
  $pickup.set({ ...state, methodId, chosen: null, points: [], activeId: null, failure: null, phase: "idle" });
  if (currentPickupMethod() && state.phase !== "idle") void searchPickupPoints();
}

/** Place suggestions (postal code to city) for the address field, from 4 characters. */
export async function suggestPlaces(text: string): Promise<Record<string, string>> {
  const query = text.trim();
  if (query.length < CITY_AUTOCOMPLETE_MIN_LENGTH) return {};
  return pickupApi.places($pickup.get().countryCode, query).catch(() => ({}));
}

if (typeof document !== "undefined")
  document.addEventListener(SHIPPING_METHOD_CHANGED_EVENT, (event) => {
    const id = (event as CustomEvent<{ ShippingMethodId: number }>).detail?.ShippingMethodId;
    if (Number.isInteger(id)) pickupMethodChanged(id);
  });

declare global {
  interface DocumentEventMap {
    "pickup:open": CustomEvent;
    "pickup:chosen": CustomEvent<ChosenPickupPoint>;
  }
}
