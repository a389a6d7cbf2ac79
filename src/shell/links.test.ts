import { describe, expect, it } from "vitest";
import { isHomepage, type LinkFacts, linkDecision } from "./links";

const here = { origin: "https://shop.example", href: "https://shop.example/fr/c/pulls" };
const link = (facts: Partial<LinkFacts>): LinkFacts => ({
  href: "/fr/p/x-1",
  classes: [],
  target: null,
  toggle: null,
  download: false,
  ctrlOrMeta: false,
  ...facts,
});

describe("link rules (spec 000 section 2)", () => {
  it("loads same-site page links by Ajax, relative or absolute", () => {
    expect(linkDecision(link({}), here)).toBe("ajax");
    expect(linkDecision(link({ href: "https://shop.example/nl/" }), here)).toBe("ajax");
    expect(linkDecision(link({ href: "../p/y-2?x=1#top" }), here)).toBe("ajax");
  });
  it.each([
    [{ href: "https://other.example/fr/" }, "external"],
    [{ href: "mailto:info@shop.example" }, "external"],
    [{ href: "tel:+3221234567" }, "external"],
    [{ href: "javascript:void(0)" }, "external"],
    [{ href: "/fr/security/logoff" }, "logoff"],
    [{ href: "/account/logout?x=1" }, "logoff"],
    [{ href: "/media/catalogue.pdf" }, "file"],
    [{ href: "/files/price-list.xlsx" }, "file"],
    [{ classes: ["button", "no-ajax"] }, "no-ajax-class"],
    [{ classes: ["ajax-tab"] }, "no-ajax-class"],
    [{ target: "_blank" }, "new-tab"],
    [{ toggle: "collapse" }, "toggle"],
    [{ download: true }, "download"],
    [{ ctrlOrMeta: true }, "modifier"],
  ] as const)("%j is not Ajax (%s)", (facts, expected) => {
    expect(linkDecision(link(facts), here)).toBe(expected);
  });
  it("keeps a _self target and dotted slugs as Ajax", () => {
    expect(linkDecision(link({ target: "_self" }), here)).toBe("ajax");
    expect(linkDecision(link({ href: "/fr/p/t-shirt-v.2-12" }), here)).toBe("ajax");
  });
});

describe("homepage recognition", () => {
  it.each([
    ["https://shop.example/fr", true],
    ["https://shop.example/fr/", true],
    ["https://shop.example/fr/#news", true],
    ["https://shop.example/fr/c/pulls", false],
    ["https://shop.example/nl/", false],
    ["https://shop.example/fr/?q=x", false],
    ["https://other.example/fr/", false],
  ])("%s -> %s", (url, expected) => {
    expect(isHomepage(url, "https://shop.example", "fr")).toBe(expected);
  });
});
