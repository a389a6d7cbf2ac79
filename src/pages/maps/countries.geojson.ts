import type { APIRoute } from "astro";
import { countriesGeoJson } from "~/features/pickup/basemap.server";

/** The offline basemap's country shapes (Natural Earth 1:110m, from world-atlas), cached by browsers a day. */
export const GET: APIRoute = async () =>
  new Response(await countriesGeoJson(), {
    headers: { "Content-Type": "application/geo+json", "Cache-Control": "public, max-age=86400" },
  });
