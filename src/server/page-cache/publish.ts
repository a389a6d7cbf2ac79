import { log } from "../observability/log";
import { fetchFacts, ifNoneMatch, type KnownTicket, type PageCache, type PageTicket, pageEtag } from "./page-cache";
import { registeredPageCache } from "./registry";
import { collectTags } from "./tags";

/**
 * A page the same for every visitor of a culture, country and consent state (catalogue, content): it may
 * be kept. For a shopper with a session it renders as for any shopper with one (decision 062): her own
 * session is put aside (`locals.session` is an empty one, prices follow the country cookie) and
 * `locals.personalLater` tells the header and the cards to leave placeholders her browser fills from
 * `GET /api/v1/me/summary`. Called first in the page's frontmatter, before anything reads the session.
 */
export function sharedPage(locals: App.Locals): void {
  locals.publicPage = true;
  // Decided by the cache entry the page goes to (a session cookie, and scripts), not by whether the
  // session is still there: every shopper with the cookie is served this one entry.
  if (!locals.sharedWithSessions) return;
  locals.personalLater = true;
  const { clientAddress } = locals.session;
  locals.session = { id: null, customerId: null, data: {}, ...(clientAddress ? { clientAddress } : {}) };
}

/**
 * Read before rendering: the version the page will be rendered from (a later change makes it stale).
 * The server read it already when the cache could not answer (`known`, for the same address): reused.
 */
export function pageTicket(
  request: Request,
  url: URL,
  known?: KnownTicket,
): { cache: PageCache; ticket: PageTicket } | null {
  const cache = registeredPageCache();
  if (!cache) return null;
  const ticket =
    known && known.url === `${url.pathname}${url.search}` ? known.ticket : cache.ticket(fetchFacts(request));
  return ticket ? { cache, ticket } : null;
}

/**
 * A rendered page that said it is the same for every visitor without a session (`locals.publicPage`),
 * and that set no cookie, goes into the cache and leaves with its validators; anything else leaves as it is.
 */
export async function publishPage(
  request: Request,
  claim: { cache: PageCache; ticket: PageTicket } | null,
  publicPage: boolean,
  setsCookies: boolean,
  response: Response,
  tags: ReadonlySet<string> = new Set(),
): Promise<Response> {
  // A HEAD is answered from the cache but never fills it: its answer may carry no body.
  if (!claim || !publicPage || setsCookies || response.status !== 200 || request.method !== "GET") return response;
  if (!/^(text\/html|application\/xml|application\/x-ndjson)/.test(response.headers.get("content-type") ?? ""))
    return response;
  if (response.headers.has("cache-control")) return response;
  // Read while the page's tags are collected: the rest of the page renders as it streams.
  const body = await collectTags(tags as Set<string>, () => response.text());
  const etag = pageEtag(body);
  const headers = new Headers(response.headers);
  // Kept before it is sent (compressing takes about 3 ms): the next visitor is sure to find it.
  await claim.cache.store(claim.ticket, headers, body, etag, tags).catch((error: unknown) => {
    log().error({ err: error }, "page cache: could not store a page");
  });
  for (const [name, value] of Object.entries(claim.cache.cacheHeaders(etag, claim.ticket.personal)))
    headers.set(name, value);
  headers.set("X-Cache", "miss");
  if (ifNoneMatch(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
}
