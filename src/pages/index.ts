import type { APIRoute } from "astro";
import { pickCulture } from "~/lib/culture";
import { env } from "~/server/config/env";

/** The site root sends each visitor to the best of the six cultures for their browser. */
export const GET: APIRoute = ({ request }) => {
  const culture = pickCulture(request.headers.get("accept-language"), env().DEFAULT_CULTURE);
  return new Response(null, {
    status: 302,
    headers: { Location: `/${culture}/`, Vary: "Accept-Language", "Cache-Control": "private, max-age=0" },
  });
};
