import type { APIRoute } from "astro";
import { apiApp } from "~/server/api";
import { endpointFor } from "~/server/endpoints";

export const prerender = false;

/** Every /api/v1 request goes to the Hono app. */
export const ALL: APIRoute = ({ request, clientAddress, locals, url }) => {
  // The endpoint's pattern names the request in the access log and the metrics.
  const endpoint = endpointFor(request.method, url.pathname.replace(/^\/api\/v1/, ""));
  locals.route = endpoint ? `/api/v1${endpoint.path}` : "/api/v1/*";
  return apiApp().fetch(request, { clientAddress });
};
