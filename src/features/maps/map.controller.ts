import type * as MapLibre from "maplibre-gl";
import { loadMapLibre, offlineBasemap } from "./basemap.browser";
import { initialMapType, type MapConfig, type MapTypeChoice, markerBounds } from "./maps";

/**
 * A content map (spec 001): markers are buttons that open their popup (title and content, as text),
 * the view fits them all when asked; the controls follow the config; with two or more configured map
 * types, buttons switch between them. Loaded when the map comes into view.
 */
export default async function connect(container: HTMLElement): Promise<void> {
  const config = JSON.parse(container.dataset.mapConfig ?? "{}") as MapConfig;
  const maplibregl = await loadMapLibre();
  const marker = config.markers[0];
  const center = config.center ?? (marker ? { lat: marker.lat, lng: marker.lng } : { lat: 50.85, lng: 4.35 });
  const types = JSON.parse(container.dataset.mapTypes ?? "[]") as MapTypeChoice[];
  const first = initialMapType(types, config.mapType);
  const map = new maplibregl.Map({
    container,
    style: first?.url ?? offlineBasemap(),
    center: [center.lng, center.lat],
    zoom: config.zoom,
    dragPan: config.draggable,
    scrollZoom: config.scrollWheel,
    doubleClickZoom: !config.disableDoubleClickZoom,
    attributionControl: { compact: true },
  });
  if (config.zoomControl) map.addControl(new maplibregl.NavigationControl({ showCompass: false }));
  if (first) container.dataset.mapType = first.name;
  if (config.mapTypeControl && first && types.length > 1)
    map.addControl(mapTypeControl(types, first, container.dataset.mapTypeLabel ?? ""), "top-left");
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

/**
 * The spec's map-type control: one pressed button per configured type (markers are elements of the
 * page, so they stay when the style changes).
 */
function mapTypeControl(types: MapTypeChoice[], shown: MapTypeChoice, label: string): MapLibre.IControl {
  const group = document.createElement("div");
  group.className = "maplibregl-ctrl maplibregl-ctrl-group map-types";
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", label);
  return {
    onAdd(map) {
      const buttons = types.map((type) => {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = type.label;
        button.dataset.mapType = type.name;
        button.setAttribute("aria-pressed", String(type === shown));
        button.addEventListener("click", () => {
          if (button.getAttribute("aria-pressed") === "true") return;
          for (const other of buttons) other.setAttribute("aria-pressed", String(other === button));
          map.setStyle(type.url);
          map.getContainer().dataset.mapType = type.name;
        });
        return button;
      });
      group.append(...buttons);
      return group;
    },
    onRemove() {
      group.remove();
    },
  };
}
