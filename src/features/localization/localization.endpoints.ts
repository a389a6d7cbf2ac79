import { z } from "zod";
import { defineEndpoint } from "~/server/http/endpoint";
import { CultureParamSchema, stringResources } from "./localization.server";

export const stringResourcesOf = defineEndpoint({
  method: "get",
  path: "/localization/:culture/stringresources",
  summary: "Nested map of the culture's shopper strings (cached, with ETag)",
  tags: ["localization"],
  params: CultureParamSchema,
  response: z.record(z.string(), z.unknown()),
  public: true,
  run: ({ params, requestHeader }) => {
    const { body, etag } = stringResources(params.culture);
    const headers = {
      ETag: etag,
      "Cache-Control": "public, max-age=3600, must-revalidate",
      Vary: "Accept-Encoding",
    };
    if (requestHeader("if-none-match") === etag) return new Response(null, { status: 304, headers });
    return new Response(body, { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
  },
});
