import { useStore } from "@nanostores/react";
import { type SyntheticEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { numberFormat } from "~/lib/intl";
import {
  $pickup,
  activatePickupPoint,
  adoptFinder,
  chooseActivePoint,
  closePickupFinder,
  currentPickupMethod,
  type FinderStart,
  type PickupState,
  searchNearMe,
  searchPickupPoints,
  suggestPlaces,
} from "./pickup.store";
import type { PickupMap } from "./pickup-map.browser";
import { placeOfSuggestion, savedPointFields } from "./pickup-point";

export interface PickupFinderLabels {
  selectTitle: string;
  postalCode: string;
  city: string;
  address: string;
  street: string;
  places: string;
  postalHint: string;
  filtered: string;
  search: string;
  searching: string;
  found: string;
  noneFound: string;
  select: string;
  map: string;
  credit: string;
  errorTitle: string;
  error: string;
  close: string;
  /** "Chosen pickup point: {{name}}", announced when the dialog closes on a choice. */
  chosen: string;
  nearMe: string;
  noGeolocation: string;
}

export interface PickupFinderProps extends FinderStart {
  countryId: number;
  names: { first: string; last: string };
  returnUrl: string;
  mapStyleUrl: string | null;
  /** Whether a street-level geocoder locates the address (otherwise it filters the points found). */
  streetLevel: boolean;
  labels: PickupFinderLabels;
}

/** The state as the server rendered it: the first render (server and hydration) reads the props. */
function stateOf(props: PickupFinderProps): PickupState {
  return {
    open: props.mode === "page",
    culture: props.culture,
    countryCode: props.countryCode,
    methods: props.methods,
    methodId: props.methodId,
    query: props.query,
    phase: props.points ? "done" : "idle",
    failure: props.failure,
    points: props.points ?? [],
    activeId: null,
    saving: false,
    chosen: props.chosen,
    names: props.names,
  };
}

/**
 * The pickup finder (spec 001 section 3): a search by postal code, city and an optional address (with
 * place suggestions), the points nearest first in a list and on a MapLibre map, and a choose button.
 * Its server HTML is a GET form and one POST form per point, so it works without JavaScript; once
 * hydrated, a click activates an entry and the choose button saves it. State lives in `$pickup`, which
 * the checkout's delivery block reads too. In the checkout it is a modal, hydrated on `pickup:open`.
 */
export default function PickupFinder(props: PickupFinderProps) {
  const { mode, labels } = props;
  const [hydrated, setHydrated] = useState(false);
  const live = useStore($pickup);
  const [initial] = useState(() => stateOf(props));
  const state = hydrated ? live : initial;
  const method = currentPickupMethod(state);
  const postal = method?.addressForm === "postal";

  const first = useRef(props);
  useEffect(() => {
    adoptFinder(first.current);
    setHydrated(true);
  }, []);

  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = mode === "page" || state.open;
  useEffect(() => {
    if (mode !== "modal" || !hydrated) return;
    const element = dialog.current;
    if (open && element && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    }
    if (!open && element?.open) element.close();
    if (!open) opener.current?.focus();
  }, [open, mode, hydrated]);

  const body = <FinderBody {...props} state={state} hydrated={hydrated} postal={postal} />;
  if (mode === "page") return body;
  const titleId = "pickup-finder-title";
  return (
    <div className="pickup-finder">
      {hydrated && open && (
        <dialog
          ref={dialog}
          className="modal modal--xl pickup-dialog"
          aria-labelledby={titleId}
          onClose={() => closePickupFinder()}
          data-pickup-dialog
        >
          <div className="modal__header">
            <h2 id={titleId} className="modal__title">
              {labels.selectTitle}
            </h2>
            <button type="button" className="modal__close" onClick={() => closePickupFinder()}>
              {labels.close}
            </button>
          </div>
          <div className="modal__body">{body}</div>
        </dialog>
      )}
      {hydrated && (
        <p className="visually-hidden" role="status" aria-live="polite" data-pickup-announce>
          {state.chosen && !open ? labels.chosen.replace("{{name}}", state.chosen.name) : ""}
        </p>
      )}
    </div>
  );
}

function FinderBody(props: PickupFinderProps & { state: PickupState; hydrated: boolean; postal: boolean }) {
  const { state, hydrated, postal, labels, culture, mode } = props;
  const id = useId();
  const [fields, setFields] = useState(state.query);
  const [places, setPlaces] = useState<Record<string, string>>({});
  const list = useRef<HTMLOListElement>(null);
  const mapBox = useRef<HTMLDivElement>(null);
  const map = useRef<Promise<PickupMap | null> | null>(null);
  const loading = state.phase === "loading";
  const points = state.points;

  // A search started elsewhere (a shipping method change) shows its place in the fields.
  useEffect(() => setFields(state.query), [state.query]);

  // The map loads (MapLibre, its CSS and worker) only once there are points to show, then follows them.
  useEffect(() => {
    const container = mapBox.current;
    if (!hydrated || !container) return;
    const mapPoints = points.map((p) => ({
      id: p.PublicAccessPointID,
      lat: p.Geocode.Latitude,
      lon: p.Geocode.Longitude,
      name: p.ConsigneeName,
    }));
    if (!map.current) {
      if (mapPoints.length === 0) return;
      map.current = import("./pickup-map.browser")
        .then(async (m) => {
          await m.mapStylesReady();
          return m.mountPickupMap(container, mapPoints, props.mapStyleUrl, (pointId) => {
            activatePickupPoint(pointId);
            list.current
              ?.querySelector(`[data-pickup-point="${CSS.escape(pointId)}"]`)
              ?.scrollIntoView({ block: "nearest" });
          });
        })
        .catch((error) => {
          console.warn("The pickup map could not start", error);
          return null;
        });
      return;
    }
    void map.current.then((m) => m?.update(mapPoints));
  }, [hydrated, points, props.mapStyleUrl]);

  useEffect(() => () => void map.current?.then((m) => m?.remove()), []);

  useEffect(() => {
    if (state.activeId) void map.current?.then((m) => m?.focus(state.activeId ?? ""));
  }, [state.activeId]);

  // Place suggestions for the address field, from 4 characters, a moment after typing stops.
  useEffect(() => {
    if (!hydrated) return;
    const timer = setTimeout(() => {
      void suggestPlaces(fields.address).then(setPlaces);
    }, 200);
    return () => clearTimeout(timer);
  }, [fields.address, hydrated]);

  const onAddress = (value: string) => {
    const place = placeOfSuggestion(value, places);
    setFields(place ? { postCode: place.postCode, city: place.city, address: "" } : { ...fields, address: value });
  };

  const submit = (event: SyntheticEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    void searchPickupPoints(fields);
  };

  const choose = async () => {
    if ((await chooseActivePoint()) && mode === "page") window.location.assign(props.returnUrl);
  };

  const failureText =
    state.failure === "status" || state.failure === "request"
      ? labels.error
      : state.failure === "geolocation"
        ? labels.noGeolocation
        : state.failure;
  const km = useMemo(
    () => numberFormat(culture, { style: "unit", unit: "kilometer", maximumFractionDigits: 1 }),
    [culture],
  );
  const action = `/${culture}/shippings/pickuppoint`;
  const method = currentPickupMethod(state);

  return (
    <div
      className="pickup-search"
      data-pickup-search
      data-phase={state.phase}
      data-carrier={method?.carrier ?? ""}
      data-address-form={postal ? "postal" : "place"}
    >
      {mode === "page" && <h2>{labels.selectTitle}</h2>}
      <form method="get" action={`${action}/search`} className="pickup-query" data-pickup-query onSubmit={submit}>
        <input type="hidden" name="shippingMethodId" value={state.methodId ?? ""} />
        <input type="hidden" name="carrierGatewayId" value={method?.carrier ?? ""} />
        <input type="hidden" name="countryId" value={props.countryId} />
        <input type="hidden" name="returnUrl" value={props.returnUrl} />
        {postal && <p className="form-hint">{labels.postalHint}</p>}
        <div className="pickup-query__fields">
          <label htmlFor={`${id}-address`}>{postal ? labels.street : labels.address}</label>
          <input
            id={`${id}-address`}
            name="address"
            value={fields.address}
            maxLength={160}
            autoComplete={postal ? "address-line1" : "off"}
            list={hydrated ? `${id}-places` : undefined}
            required={postal}
            onChange={(event) => onAddress(event.target.value)}
            data-pickup-address
          />
          {hydrated && (
            <datalist id={`${id}-places`} aria-label={labels.places}>
              {Object.entries(places).flatMap(([code, names]) =>
                names.split(" / ").map((name) => <option key={`${code}-${name}`} value={`${code} ${name}`} />),
              )}
            </datalist>
          )}
          <label htmlFor={`${id}-postcode`}>{labels.postalCode}</label>
          <input
            id={`${id}-postcode`}
            name="postCode"
            value={fields.postCode}
            maxLength={10}
            autoComplete="postal-code"
            required={postal}
            onChange={(event) => setFields({ ...fields, postCode: event.target.value })}
            data-pickup-postcode
          />
          <label htmlFor={`${id}-city`}>{labels.city}</label>
          <input
            id={`${id}-city`}
            name="city"
            value={fields.city}
            maxLength={80}
            autoComplete="address-level2"
            required={postal}
            onChange={(event) => setFields({ ...fields, city: event.target.value })}
            data-pickup-city
          />
          <button type="submit" className="button button--small" aria-busy={loading}>
            {labels.search}
          </button>
          {hydrated && (
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => void searchNearMe()}
              data-pickup-near-me
            >
              {labels.nearMe}
            </button>
          )}
        </div>
        {!props.streetLevel && fields.address.trim() !== "" && <p className="form-hint">{labels.filtered}</p>}
      </form>
      {failureText && (
        <div className="notice notice--error" role="alert" data-pickup-error>
          <strong>{labels.errorTitle}</strong> {failureText}
        </div>
      )}
      {hydrated && (
        <p className="visually-hidden" role="status" aria-live="polite" data-pickup-status>
          {loading
            ? labels.searching
            : state.phase === "done"
              ? labels.found.replace("{{count}}", String(points.length))
              : ""}
        </p>
      )}
      <div className="pickup-search__body">
        <ol className="pickup-list" data-pickup-list aria-busy={loading} ref={list}>
          {points.map((point) => {
            const active = point.PublicAccessPointID === state.activeId;
            const fieldsOf = savedPointFields(point, state.methodId ?? "", state.names);
            return (
              <li
                key={point.PublicAccessPointID}
                className={active ? "pickup-point is-active" : "pickup-point"}
                data-pickup-point={point.PublicAccessPointID}
              >
                <form
                  method="post"
                  action={`${action}/save`}
                  onSubmit={(event) => {
                    if (!hydrated) return;
                    event.preventDefault();
                    activatePickupPoint(point.PublicAccessPointID);
                  }}
                >
                  {Object.entries(fieldsOf).map(([name, value]) => (
                    <input key={name} type="hidden" name={name} value={value} />
                  ))}
                  <input type="hidden" name="ReturnUrl" value={props.returnUrl} />
                  <button
                    type="submit"
                    className="pickup-point__choose"
                    aria-pressed={hydrated ? active : undefined}
                    data-pickup-entry
                  >
                    <strong>{point.ConsigneeName}</strong>
                    <span>
                      {point.Address}, {point.PostCode} {point.City}
                    </span>
                    <span className="pickup-point__distance">{km.format(point.Distance)}</span>
                    <span className="pickup-point__hours">{point.StandardHoursOfOperation.split(";").join(" · ")}</span>
                  </button>
                </form>
              </li>
            );
          })}
        </ol>
        <section className="pickup-map" data-pickup-map aria-label={labels.map} ref={mapBox}>
          <p className="pickup-map__credit">{labels.credit}</p>
        </section>
      </div>
      {state.phase === "done" && points.length === 0 && !state.failure && <p data-pickup-none>{labels.noneFound}</p>}
      {hydrated && (
        <button
          type="button"
          className="button button--primary"
          data-pickup-select
          disabled={!state.activeId || state.saving}
          aria-busy={state.saving}
          onClick={() => void choose()}
        >
          {labels.select}
        </button>
      )}
    </div>
  );
}
