/** Spec 001 section 9: maps open at zoom 13. */
export const DEFAULT_MAP_ZOOM = 13;

/** A map marker from content (spec 001 map config: coordinates, title, id, content). */
export interface MapMarker {
  id?: string;
  lat: number;
  lng: number;
  title: string;
  content?: string;
  /** Its own icon (an image of this site), else the map's. */
  icon?: string;
}

/** Spec 001 map config, as the map island takes it (the Google-only controls are not ours to draw). */
export interface MapConfig {
  center: { lat: number; lng: number } | null;
  zoom: number;
  markers: MapMarker[];
  zoomToFit: boolean;
  draggable: boolean;
  zoomControl: boolean;
  scrollWheel: boolean;
  disableDoubleClickZoom: boolean;
  /** The markers' icon (an image of this site); null: the shop's own pin. */
  icon: string | null;
  /** The map type shown first (a configured style's name); null: the first configured. */
  mapType: string | null;
  /** Buttons to switch between the configured map types (shown only when there are two or more). */
  mapTypeControl: boolean;
}

/** A configured map type as the browser gets it: its name, its style and its label in the page's language. */
export interface MapTypeChoice {
  name: string;
  url: string;
  label: string;
}

/** The style a map opens with: the asked type when configured, else the first; null: the offline basemap. */
export function initialMapType(types: readonly MapTypeChoice[], asked: string | null): MapTypeChoice | null {
  return types.find((type) => type.name === asked) ?? types[0] ?? null;
}

/** The bounds that hold every marker, with a margin (for zoom to fit); null without markers. */
export function markerBounds(
  markers: readonly MapMarker[],
  margin = 0.02,
): [[number, number], [number, number]] | null {
  if (markers.length === 0) return null;
  const lngs = markers.map((m) => m.lng);
  const lats = markers.map((m) => m.lat);
  return [
    [Math.min(...lngs) - margin, Math.min(...lats) - margin],
    [Math.max(...lngs) + margin, Math.max(...lats) + margin],
  ];
}
