import * as maplibregl from "maplibre-gl";
import maplibreCss from "maplibre-gl/dist/maplibre-gl.css?url";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { offlineBasemap } from "~/features/maps/basemap.browser";
import { loadStylesheet } from "~/shell/stylesheets";
import { PICKUP_MAP_ZOOM } from "./pickup.constants";

/** MapLibre's own CSS, linked when the map first mounts rather than on every page. */
export const mapStylesReady = () => loadStylesheet(maplibreCss);

export interface MapPoint {
  id: string;
  lat: number;
  lon: number;
  name: string;
}

/**
 * The pickup map: an offline basemap of Natural Earth country shapes served by the shop (or the
 * configured style in production); nearby points are clustered into circles (a click zooms in), single
 * points are marker buttons: clicking one (or Enter on it) activates its list entry; choosing an entry
 * zooms to it (zoom 13). Nothing needs a glyph or tile server, so the map works with no network at all.
 */
export function mountPickupMap(
  container: HTMLElement,
  initial: MapPoint[],
  styleUrl: string | null,
  onPick: (id: string) => void,
) {
  let points = initial;
  const style = offlineBasemap();
  maplibregl.setWorkerUrl(workerUrl);
  const map = new maplibregl.Map({
    container,
    style: styleUrl ?? style,
    bounds: boundsOf(points),
    attributionControl: { compact: false, customAttribution: "GeoNames" },
  });
  container.dataset.mapReady = "loading";
  map.on("load", () => {
    map.addSource("points", {
      type: "geojson",
      data: collection(points),
      cluster: true,
      clusterRadius: 40,
      clusterMaxZoom: 12,
    });
    map.addLayer({
      id: "clusters",
      type: "circle",
      source: "points",
      filter: ["has", "point_count"],
      paint: { "circle-color": "#1f5f8b", "circle-radius": ["step", ["get", "point_count"], 14, 5, 18, 10, 24] },
    });
    // Single points are buttons (focusable, named, clickable); groups stay clustered circles.
    map.on("data", (event) => {
      if ("sourceId" in event && event.sourceId === "points" && map.isSourceLoaded("points")) syncMarkers();
    });
    map.on("moveend", syncMarkers);
    map.on("click", "clusters", (event: maplibregl.MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (feature?.geometry.type !== "Point") return;
      map.easeTo({ center: feature.geometry.coordinates as [number, number], zoom: map.getZoom() + 2 });
    });
    container.dataset.mapReady = "true";
  });

  const markers = new Map<string, maplibregl.Marker>();
  let byId = new Map(points.map((p) => [p.id, p]));
  function syncMarkers() {
    const shown = new Set<string>();
    for (const feature of map.querySourceFeatures("points")) {
      if (feature.properties?.cluster) continue;
      const point = byId.get(String(feature.properties?.id));
      if (!point || shown.has(point.id)) continue;
      shown.add(point.id);
      if (markers.has(point.id)) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "pickup-marker";
      button.dataset.pickupMarker = point.id;
      button.setAttribute("aria-label", point.name);
      button.title = point.name;
      button.addEventListener("click", (event) => {
        event.stopPropagation();
        onPick(point.id);
      });
      markers.set(point.id, new maplibregl.Marker({ element: button }).setLngLat([point.lon, point.lat]).addTo(map));
    }
    for (const [id, marker] of markers) {
      if (shown.has(id)) continue;
      marker.remove();
      markers.delete(id);
    }
  }
  return {
    focus(id: string) {
      const point = points.find((p) => p.id === id);
      if (point) map.flyTo({ center: [point.lon, point.lat], zoom: PICKUP_MAP_ZOOM });
    },
    /** A new search's points: the markers follow and the map fits them. */
    update(next: MapPoint[]) {
      points = next;
      byId = new Map(points.map((p) => [p.id, p]));
      for (const marker of markers.values()) marker.remove();
      markers.clear();
      const source = map.getSource("points") as maplibregl.GeoJSONSource | undefined;
      source?.setData(collection(points));
      if (points.length) map.fitBounds(boundsOf(points), { duration: 0 });
    },
    remove() {
      map.remove();
    },
  };
}

export type PickupMap = ReturnType<typeof mountPickupMap>;

function collection(points: MapPoint[]) {
  return {
    type: "FeatureCollection" as const,
    features: points.map((p) => ({
      type: "Feature" as const,
      properties: { id: p.id, name: p.name },
      geometry: { type: "Point" as const, coordinates: [p.lon, p.lat] },
    })),
  };
}

function boundsOf(points: MapPoint[]): [[number, number], [number, number]] {
  if (points.length === 0)
    return [
      [2.5, 49.5],
      [7.2, 53.6],
    ];
  const lons = points.map((p) => p.lon);
  const lats = points.map((p) => p.lat);
  return [
    [Math.min(...lons) - 0.02, Math.min(...lats) - 0.02],
    [Math.max(...lons) + 0.02, Math.max(...lats) + 0.02],
  ];
}
