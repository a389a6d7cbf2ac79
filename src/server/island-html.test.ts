import { createElement, useId } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ISLAND_HTML_ENTRIES, islandHtml } from "./island-html";

function Greeting({ name, labels }: { name: string; labels: { hello: string } }) {
  const id = useId();
  return createElement("p", { id }, `${labels.hello} ${name}`);
}

/** Stands for @astrojs/react's StaticHtml, which wraps the HTML of a slot Astro rendered. */
function StaticSlot({ value }: { value: string }) {
  return createElement("astro-slot", null, value);
}

function Counter({ n }: { n: number }) {
  return createElement("span", null, n);
}

describe("islands' server HTML", () => {
  it("renders once per component, props and prefix, with the prefix in useId's ids", () => {
    let renders = 0;
    const html = (name: string, prefix: string) => {
      const props = { name, labels: { hello: "Bonjour" } };
      return islandHtml(Greeting, props, prefix, () => {
        renders++;
        return renderToString(createElement(Greeting, props), { identifierPrefix: prefix });
      });
    };
    expect(html("Marie", "r1")).toContain("Bonjour Marie");
    expect(html("Marie", "r1")).toMatch(/id="_r1R_/);
    expect(renders).toBe(1);
    expect(html("Jan", "r1")).toContain("Bonjour Jan");
    expect(html("Marie", "r2")).toMatch(/id="_r2R_/);
    expect(renders).toBe(3);
  });

  it("renders every time when the props hold an element or a function", () => {
    let renders = 0;
    const render = () => {
      renders++;
      return `<p>${renders}</p>`;
    };
    const withChild = { children: createElement("b", null, "x") };
    const withCallback = { onSave: () => {} };
    islandHtml(Greeting, withChild, "r0", render);
    islandHtml(Greeting, withChild, "r0", render);
    islandHtml(Greeting, withCallback, "r0", render);
    islandHtml(Greeting, withCallback, "r0", render);
    expect(renders).toBe(4);
  });

  it("keeps an island holding an Astro slot by the slot's HTML", () => {
    let renders = 0;
    const html = (
      table: string,
      element: (value: string) => unknown = (value) => createElement(StaticSlot, { value }),
    ) => {
      const props = { name: "Marie", labels: { hello: "Bonjour" }, children: element(table) };
      return islandHtml(
        Greeting,
        props,
        "r0",
        () => {
          renders++;
          return `<p>Bonjour Marie</p><astro-slot>${table}</astro-slot>`;
        },
        StaticSlot,
      );
    };
    expect(html("<table>3 pour 10 €</table>")).toContain("3 pour 10 €");
    expect(html("<table>3 pour 10 €</table>")).toContain("3 pour 10 €");
    expect(renders).toBe(1);
    // Another table (another product, a new price): its own HTML.
    expect(html("<table>3 pour 9 €</table>")).toContain("3 pour 9 €");
    expect(renders).toBe(2);
    // Any other element still renders every time.
    html("<b>x</b>", () => createElement("b", null, "x"));
    html("<b>x</b>", () => createElement("b", null, "x"));
    expect(renders).toBe(4);
  });

  it("holds a bounded number of props per component", () => {
    let renders = 0;
    const html = (n: number) =>
      islandHtml(Counter, { n }, "r0", () => {
        renders++;
        return `<span>${n}</span>`;
      });
    for (let n = 0; n <= ISLAND_HTML_ENTRIES; n++) html(n);
    expect(renders).toBe(ISLAND_HTML_ENTRIES + 1);
    html(ISLAND_HTML_ENTRIES);
    expect(renders).toBe(ISLAND_HTML_ENTRIES + 1);
    html(0);
    expect(renders).toBe(ISLAND_HTML_ENTRIES + 2);
  });
});
