import { loadMapLibre, offlineBasemap } from "./basemap.browser";
import { type MapConfig, markerBounds } from "./maps";

/**
 * A content map (spec 001): markers are buttons that open their popup (title and content, as text),
 * the view fits them all when asked; the controls follow the config. Loaded when the map comes into view.
 */
export default async function connect(container: HTMLElement): Promise<void> {
  const config = JSON.parse(container.dataset.mapConfig ?? "{}") as MapConfig;
  const maplibregl = await loadMapLibre();
  const first = config.markers[0];
  const center = config.center ?? (first ? { lat: first.lat, lng: first.lng } : { lat: 50.85, lng: 4.35 });
  const map = new maplibregl.Map({
    container,
    style: container.dataset.mapStyle || offlineBasemap(),
    center: [center.lng, center.lat],
    zoom: config.zoom,
    dragPan: config.draggable,
    scrollZoom: config.scrollWheel,
    doubleClickZoom: !config.disableDoubleClickZoom,
    attributionControl: { compact: true },
  });
  if (config.zoomControl) map.addControl(new maplibregl.NavigationControl({ showCompass: false }));
  for (const marker of config.markers) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "map-marker";
    button.setAttribute("aria-label", marker.title);
    button.title = marker.title;
    // The spec's marker icon: the marker's own, else the map's (images of this site, checked on save).
    const icon = marker.icon ?? config.icon;
    if (icon) {
      button.classList.add("map-marker--icon");
      const image = document.createElement("img");
      image.src = icon;
      image.alt = "";
      button.append(image);
    }
    const popup = new maplibregl.Popup({ offset: 18 }).setDOMContent(popupContent(marker.title, marker.content));
    new maplibregl.Marker({ element: button }).setLngLat([marker.lng, marker.lat]).setPopup(popup).addTo(map);
  }
  const bounds = markerBounds(config.markers);
  if (config.zoomToFit && bounds && config.markers.length > 1) map.fitBounds(bounds, { padding: 40, animate: false });
  map.on("load", () => {
    container.dataset.mapReady = "true";
  });
}

function popupContent(title: string, content?: string): HTMLElement {
  const box = document.createElement("div");
  const heading = document.createElement("strong");
  heading.textContent = title;
  box.append(heading);
  if (content) {
    const text = document.createElement("p");
    text.textContent = content;
    box.append(text);
  }
  return box;
}
