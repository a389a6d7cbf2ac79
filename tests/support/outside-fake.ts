import { createServer } from "node:http";
import { listen } from "./fake-http";

/**
 * The test servers' outside origin (one per Playwright worker, on 127.0.0.1): the tag-manager container
 * (TAG_MANAGER_ORIGIN, a script that counts its loads) and the two map types' styles (MAP_STYLES). A real
 * local server rather than Playwright routes: a routed context sends every request of every page through
 * the test runner, which made each page load about a quarter slower (measured: 4 loads 900 ms plain,
 * 1,200 ms routed, on an idle machine).
 */
export async function startOutsideFake() {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname === "/gtm.js") {
      res.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "no-store" });
      res.end(
        "window.__tagManagerLoads = (window.__tagManagerLoads || 0) + 1; window.__tagManagerSawStart = (window.dataLayer || []).some(function (e) { return e && e.event === 'gtm.js'; });",
      );
      return;
    }
    if (url.pathname === "/roadmap.json" || url.pathname === "/satellite.json") {
      res.writeHead(200, { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" });
      res.end(JSON.stringify(testMapStyle(url.pathname)));
      return;
    }
    res.writeHead(404).end();
  });
  return listen(server);
}

/** A MapLibre style with no network need: water, and one land square coloured by the map type. */
function testMapStyle(path: string) {
  const satellite = path.includes("satellite");
  return {
    version: 8,
    sources: {
      land: {
        type: "geojson",
        data: {
          type: "Feature",
          properties: {},
          geometry: {
            type: "Polygon",
            coordinates: [
              [
                [-10, 35],
                [30, 35],
                [30, 60],
                [-10, 60],
                [-10, 35],
              ],
            ],
          },
        },
      },
    },
    layers: [
      { id: "water", type: "background", paint: { "background-color": satellite ? "#0b2a3c" : "#cfe3ef" } },
      { id: "land", type: "fill", source: "land", paint: { "fill-color": satellite ? "#3d5a2a" : "#f4f1ea" } },
    ],
  };
}
