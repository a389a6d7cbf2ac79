import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { feature } from "topojson-client";

let cached: Promise<string> | undefined;

/** Natural Earth country shapes (1:110m, light enough for a modal) as GeoJSON text, converted once per process from world-atlas's TopoJSON. */
export function countriesGeoJson(): Promise<string> {
  cached ??= (async () => {
    const path = createRequire(import.meta.url).resolve("world-atlas/countries-110m.json");
    const topology = JSON.parse(await readFile(path, "utf8"));
    return JSON.stringify(feature(topology, topology.objects.countries));
  })();
  return cached;
}
