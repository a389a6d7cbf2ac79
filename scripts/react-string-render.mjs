// @ts-check
/**
 * Islands' server HTML through React's `renderToString`, with the island's `identifierPrefix`, kept per
 * component and props (decision 051).
 *
 * Pages are rendered whole before they are sent, so React's stream renderer only added cost
 * (`renderToReadableStream` and decoding). `@astrojs/react`'s `experimentalDisableStreaming` switches to
 * `renderToString` but drops the render options, so `useId` would lose the prefix the browser hydrates
 * with (the mini-cart's panel id, the search box's list id) and hydration would not match. This plugin
 * passes the options on and routes the render through `src/server/island-html.ts`, with the component
 * slots are wrapped in (StaticHtml), so a slot's HTML keys the island's HTML. It also answers Astro's
 * "is this a React component?" once per component: Astro asks before every island's render, and the
 * renderer answers by rendering the component once more inside a test component. And it numbers the
 * islands of a page whose frame came from a kept copy apart from the frame's own (`islandPrefix`,
 * decision 065). Upstream:
 * https://github.com/withastro/astro/pull/13036 (the option's PR, calling `renderToString(vnode)`
 * without them). The build fails if the line it patches changes.
 */
import { fileURLToPath } from "node:url";

const ISLAND_HTML = fileURLToPath(new URL("../src/server/island-html.ts", import.meta.url));
const CALL = "html = ReactDOM.renderToString(vnode);";
/** Astro's per-page island number, which a kept page frame sets apart (src/server/page-frame.ts). */
const PREFIX = "prefix = incrementId(this.result);";
const CHECK = "async function check(Component, props, children) {";
/** The component slots are wrapped in: the island's HTML is kept by a slot's HTML too. */
const STATIC_HTML = 'import StaticHtml from "./static-html.js";';
/** The renderer's check, asked once per component (its answer depends on the component alone). */
const CHECK_ONCE = `const checked = new WeakMap();
async function check(Component, props, children) {
  const keyable = (typeof Component === "function" || typeof Component === "object") && Component !== null;
  if (keyable && checked.has(Component)) return checked.get(Component);
  const answer = await checkComponent.call(this, Component, props, children);
  if (keyable) checked.set(Component, answer);
  return answer;
}
async function checkComponent(Component, props, children) {`;

/** @returns {import("vite").Plugin} */
export function reactStringRender() {
  return {
    name: "vitrine-react-string-render",
    enforce: "post",
    transform(code, id) {
      if (!id.includes("@astrojs/react/dist/server.js")) return undefined;
      if (!code.includes(CALL) || !code.includes(CHECK) || !code.includes(STATIC_HTML) || !code.includes(PREFIX))
        throw new Error(
          "@astrojs/react changed its renderToString call, its check, its slot wrapper or its island prefix: review this patch",
        );
      const render =
        "html = islandHtml(Component, newProps, prefix, () => ReactDOM.renderToString(vnode, renderOptions), StaticHtml);";
      const prefix = "prefix = islandPrefix(this.result, incrementId(this.result));";
      return `import { islandHtml, islandPrefix } from ${JSON.stringify(ISLAND_HTML)};\n${code.replace(CALL, render).replace(CHECK, CHECK_ONCE).replace(PREFIX, prefix)}`;
    },
  };
}
