import { defineEndpoint } from "~/server/http/endpoint";
import { MEMO_UNTIL_HEADER } from "~/server/session/personal-memo";
import { ShopperSummarySchema } from "./shopper";
import { shopperSummaryWithClock } from "./shopper.server";

export const summary = defineEndpoint({
  method: "get",
  path: "/me/summary",
  summary:
    "The shopper's own parts of a shared page: first name and account kind, cart summary, wishlist count and variants, current country (never cached)",
  tags: ["shopper"],
  response: ShopperSummarySchema,
  // Her page is the shared one; while her session cannot be read, her parts are a visitor's.
  visitorWhileSessionsAway: true,
  // Asked on every page she opens: kept per session until something it shows changes (decision 063).
  personalMemo: true,
  run: async ({ session, culture, header }) => {
    const { summary, until } = await shopperSummaryWithClock(session, culture);
    if (until !== null) header(MEMO_UNTIL_HEADER, String(until));
    return summary;
  },
});
