import { describe, expect, it } from "vitest";
import { changeFolder, ecommerceEvent, emailClick, phoneClick, virtualPageview } from "./tracking";

describe("tag-manager payloads (spec 000 section 3)", () => {
  it("carries the address or number of mail and phone links", () => {
    expect(emailClick("mailto:service@vitrine.test?subject=Hi")).toEqual({
      event: "emailClick",
      email: "service@vitrine.test",
    });
    expect(emailClick("MAILTO:a%40b.be")).toEqual({ event: "emailClick", email: "a@b.be" });
    expect(phoneClick("tel:+32%202%20123")).toEqual({ event: "phoneClick", phone: "+32 2 123" });
  });
  it("names virtual page views and folder changes as the spec does", () => {
    expect(virtualPageview("/fr/c/pulls", "Pulls")).toEqual({
      event: "VirtualPageview",
      virtualPageURL: "/fr/c/pulls",
      virtualPageTitle: "Pulls",
    });
    expect(changeFolder(1, 7)).toEqual({ event: "changeFolder", assets: { rootFolderId: 1, targetFolderId: 7 } });
  });
  it("clears the ecommerce object before each GA4 event", () => {
    expect(ecommerceEvent("add_to_cart", { currency: "EUR", value: 12.5 })).toEqual([
      { ecommerce: null },
      { event: "add_to_cart", ecommerce: { currency: "EUR", value: 12.5 } },
    ]);
  });
});
