// What Lighthouse's simulated LCP is made of: one Lighthouse run (mobile preset) of a page as a visitor
// who answered the cookie prompt, then Lantern's two LCP graphs (Lighthouse's own
// LanternLargestContentfulPaint on the run's trace and network log): each node with its simulated start
// and end, network nodes with their priority and bytes on the wire, CPU nodes with their observed
// duration and main events. The estimate is the mean of the optimistic and the pessimistic graph; a node
// that ends last in both is what the LCP waits for.
//
//   node bench/lcp-graph.mjs http://127.0.0.1:4410/fr/p/SLUG [--shopper]
//
// --shopper: as a shopper with a session and a cart line whose browser runs scripts (issue 37's "her"
// pages; the shop needs a product without variations on its search page, as the bench's 200 have).
//
// The page is loaded twice first (a running shop has it cached and compressed at its best, decision 069).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import { CHROMIUM_LAUNCH } from "../tests/support/chromium.mjs";
import { sessionWithCartLine } from "./shopper.mjs";

const url = process.argv[2];
if (!url) throw new Error("usage: node bench/lcp-graph.mjs URL");
const base = new URL(url).origin;
const port = 9350;
const profile = mkdtempSync(join(tmpdir(), "vitrine-lcp-graph-"));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM_LAUNCH.executablePath,
  args: [...CHROMIUM_LAUNCH.args, `--remote-debugging-port=${port}`],
});
const consent = encodeURIComponent(
  JSON.stringify({ stamp: "2026-11-01", preferences: true, statistics: false, marketing: false }),
);
const cookies = [{ name: "CookieConsent", value: consent, url: base }];
// Her browser runs scripts (vitrine_js), so the shared page is served to her from the cache (issue 37).
if (process.argv.includes("--shopper"))
  for (const { name, value } of [...(await sessionWithCartLine(base)), { name: "vitrine_js", value: "1" }])
    cookies.push({ name, value, url: base });
let result;
try {
  await browser.addCookies(cookies);
  const warm = await browser.newPage();
  await warm.goto(url, { waitUntil: "load" });
  await warm.goto(url, { waitUntil: "load" });
  await warm.close();
  await browser.clearCookies();
  await browser.addCookies(cookies);
  result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
const { artifacts, lhr } = result;
const settings = lhr.configSettings;
const lcp = await LanternLargestContentfulPaint.request(
  {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  },
  { computedCache: new Map(), settings },
);
const ms = (value) => String(Math.round(value)).padStart(5);
// What the browser really did (no throttling): the simulation keeps every request that ended before the
// observed LCP, so a late observed paint brings requests into the graphs.
const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
console.log(
  `observed: FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms, DOMContentLoaded ${observed.observedDomContentLoaded} ms, load ${observed.observedLoad} ms`,
);
console.log(
  `LCP ${Math.round(lcp.timing)} ms: optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(lcp.pessimisticEstimate.timeInMs)}`,
);
for (const [name, estimate] of [
  ["optimistic", lcp.optimisticEstimate],
  ["pessimistic", lcp.pessimisticEstimate],
]) {
  console.log(`\n${name} graph (simulated start, end; what):`);
  const nodes = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, timing] of nodes) {
    const what =
      node.type === "network"
        ? `${node.request.resourceType} ${node.request.priority} ${node.request.transferSize} B ${node.request.url.replace(base, "")}`
        : `CPU, ${Math.round((node.endTime - node.startTime) / 1000)} ms observed: ${node.childEvents
            .filter((event) => event.dur > 1000)
            .map((event) => event.name)
            .slice(0, 5)
            .join(", ")}`;
    console.log(`${ms(timing.startTime)} ${ms(timing.endTime)}  ${what.slice(0, 140)}`);
  }
}
