import type * as MapLibre from "maplibre-gl";
import maplibreCss from "maplibre-gl/dist/maplibre-gl.css?url";
// MapLibre 6 runs its tiling in a module worker that bundlers do not emit by themselves: ship the
// worker file as an asset of ours (same origin, allowed by worker-src 'self') and say where it is.
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { loadStylesheet } from "~/shell/stylesheets";

/**
 * MapLibre, its stylesheet and its worker, loaded when a map first mounts (never on a first load).
 */
export async function loadMapLibre(): Promise<typeof MapLibre> {
  const [maplibregl] = await Promise.all([import("maplibre-gl"), loadStylesheet(maplibreCss)]);
  maplibregl.setWorkerUrl(workerUrl);
  return maplibregl;
}

/**
 * The offline basemap: Natural Earth country shapes served by the shop, so a map works with no network
 * at all (no glyph or tile server); a configured style (MAP_STYLE_URL) replaces it in production.
 */
export function offlineBasemap(): MapLibre.StyleSpecification {
  return {
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
}
