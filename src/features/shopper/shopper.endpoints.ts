import { defineEndpoint } from "~/server/http/endpoint";
import { ShopperSummarySchema } from "./shopper";
import { shopperSummary } from "./shopper.server";

export const summary = defineEndpoint({
  method: "get",
  path: "/me/summary",
  summary:
    "The shopper's own parts of a shared page: first name and account kind, cart summary, wishlist count and variants, current country (never cached)",
  tags: ["shopper"],
  response: ShopperSummarySchema,
  // Her page is the shared one; while her session cannot be read, her parts are a visitor's.
  visitorWhileSessionsAway: true,
  run: ({ session, culture }) => shopperSummary(session, culture),
});
