import { z } from "zod";
import { contentEditor } from "~/features/customers/customers.server";
import { env } from "~/server/config/env";
import { defineEndpoint } from "~/server/http/endpoint";
import { ConsentScriptsSchema, consentScripts, saveConsentScripts } from "./consent-scripts.server";
import { PageInputSchema } from "./content.schemas";
import { deletePage, editorPage, pageList, publishPage, savePage, setting } from "./content.server";
import { editorEndpoints } from "./editor-endpoints.server";

const pages = editorEndpoints("/content/pages", "page", PageInputSchema, {
  list: pageList,
  get: editorPage,
  save: savePage,
  publish: publishPage,
  remove: deletePage,
});

export const listPages = pages.list;
export const getPage = pages.get;
export const createPage = pages.create;
export const updatePageEndpoint = pages.update;
export const publishPageEndpoint = pages.publish;
export const deletePageEndpoint = pages.remove;

/** The maps key (spec 001): the setting, or the configured fallback when the setting is empty. */
export const GOOGLE_FRONT_API_KEY = "GoogleFrontAPIKey";

export const mapsKey = defineEndpoint({
  method: "get",
  path: "/settings/GoogleFrontAPIKey",
  summary: "The browser maps key: the `GoogleFrontAPIKey` setting, or MAPS_API_KEY_FALLBACK when it is empty",
  tags: ["settings"],
  response: z.object({ key: z.string() }),
  public: true,
  cache: "public, max-age=300",
  run: async () => ({ key: (await setting(GOOGLE_FRONT_API_KEY))?.trim() || env().MAPS_API_KEY_FALLBACK }),
});

export const getConsentScripts = defineEndpoint({
  method: "get",
  path: "/settings/ConsentScripts",
  summary: "Editors: the shop's consent-gated scripts (category and code), written into every page",
  tags: ["settings"],
  response: ConsentScriptsSchema,
  auth: true,
  run: async ({ session }) => {
    await contentEditor(session);
    return consentScripts();
  },
});

export const putConsentScripts = defineEndpoint({
  method: "put",
  path: "/settings/ConsentScripts",
  summary:
    "Editors: replaces the consent-gated scripts (at most 10; each runs once the visitor accepts its category, under the page's CSP)",
  tags: ["settings"],
  body: ConsentScriptsSchema,
  response: ConsentScriptsSchema,
  auth: true,
  run: async ({ session, body }) => {
    await contentEditor(session);
    await saveConsentScripts(body);
    return body;
  },
});
