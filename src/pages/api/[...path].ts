import type { APIRoute } from "astro";
import { apiApp } from "~/server/api";

export const prerender = false;

/** Every /api/v1 request goes to the Hono app. */
export const ALL: APIRoute = ({ request, clientAddress }) => apiApp().fetch(request, { clientAddress });
