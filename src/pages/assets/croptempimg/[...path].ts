import type { APIRoute } from "astro";
import { apiApp } from "~/server/api";

export const prerender = false;

/** Spec 000's crop address, `/assets/croptempimg/...`: the API's assets-library crop endpoint answers it. */
export const ALL: APIRoute = ({ request, clientAddress, url }) => {
  const target = new URL(url);
  target.pathname = url.pathname.replace(/^\/assets\/croptempimg\//, "/api/v1/assetslibrary/croptempimg/");
  return apiApp().fetch(new Request(target, request), { clientAddress });
};
