import * as maplibregl from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import { PICKUP_MAP_ZOOM } from "../../features/pickup/pickup.constants";

interface Point {
  id: string;
  lat: number;
  lon: number;
  name: string;
}

/**
 * The pickup map: an offline basemap of Natural Earth country shapes served by the shop (or the
 * configured style in production), the points as clustered circles, a click on a point activates its
 * list entry, and choosing an entry zooms to it (zoom 13). Circles need no glyph server, so the map
 * works with no network at all.
 */
export function mountPickupMap(
  container: HTMLElement,
  points: Point[],
  styleUrl: string | null,
  onPick: (id: string) => void,
) {
  const data = {
    type: "FeatureCollection" as const,
    features: points.map((p) => ({
      type: "Feature" as const,
      properties: { id: p.id, name: p.name },
      geometry: { type: "Point" as const, coordinates: [p.lon, p.lat] },
    })),
  };
  const style: maplibregl.StyleSpecification = {
    version: 8,
    sources: {
      countries: {
        type: "geojson",
        data: "/maps/countries.geojson",
        attribution: "Natural Earth · GeoNames (CC BY 4.0)",
      },
    },
    layers: [
      { id: "water", type: "background", paint: { "background-color": "#cfe3ef" } },
      { id: "land", type: "fill", source: "countries", paint: { "fill-color": "#f4f1ea" } },
      { id: "borders", type: "line", source: "countries", paint: { "line-color": "#9a9a9a", "line-width": 1 } },
    ],
  };
  const lons = points.map((p) => p.lon);
  const lats = points.map((p) => p.lat);
  const map = new maplibregl.Map({
    container,
    style: styleUrl ?? style,
    bounds: [
      [Math.min(...lons) - 0.02, Math.min(...lats) - 0.02],
      [Math.max(...lons) + 0.02, Math.max(...lats) + 0.02],
    ],
    attributionControl: { compact: false, customAttribution: "GeoNames" },
  });
  container.dataset.mapReady = "loading";
  map.on("load", () => {
    map.addSource("points", { type: "geojson", data, cluster: true, clusterRadius: 40, clusterMaxZoom: 12 });
    map.addLayer({
      id: "clusters",
      type: "circle",
      source: "points",
      filter: ["has", "point_count"],
      paint: { "circle-color": "#1f5f8b", "circle-radius": ["step", ["get", "point_count"], 14, 5, 18, 10, 24] },
    });
    map.addLayer({
      id: "point",
      type: "circle",
      source: "points",
      filter: ["!", ["has", "point_count"]],
      paint: { "circle-color": "#c0392b", "circle-radius": 8, "circle-stroke-color": "#fff", "circle-stroke-width": 2 },
    });
    map.on("click", "point", (event: maplibregl.MapLayerMouseEvent) => {
      const id = event.features?.[0]?.properties?.id;
      if (typeof id === "string") onPick(id);
    });
    map.on("click", "clusters", (event: maplibregl.MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      if (!feature || feature.geometry.type !== "Point") return;
      map.easeTo({ center: feature.geometry.coordinates as [number, number], zoom: map.getZoom() + 2 });
    });
    container.dataset.mapReady = "true";
  });
  return {
    focus(id: string) {
      const point = points.find((p) => p.id === id);
      if (point) map.flyTo({ center: [point.lon, point.lat], zoom: PICKUP_MAP_ZOOM });
    },
  };
}
