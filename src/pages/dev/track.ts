import type { APIRoute } from "astro";
import { env } from "~/server/config/env";

/** Development only: a stand-in tracking endpoint, so tests can see whether a tag fired. */
export const GET: APIRoute = () =>
  env().devIslands ? new Response(null, { status: 204 }) : new Response("Not found", { status: 404 });
