import { describe, expect, it } from "vitest";
import { httpMetrics, metricsText, pageCacheMetrics } from "./metrics";

type Values = { values: { labels: Record<string, string | number>; value: number }[] };

function countOf(metric: Values, labels: Record<string, string>): number | undefined {
  return metric.values.find((entry) => Object.entries(labels).every(([key, value]) => entry.labels[key] === value))
    ?.value;
}

describe("request metrics", () => {
  it("count each request once, read from the duration histogram by route, method and status", async () => {
    const { requests, duration } = httpMetrics();
    const found = { route: "/test/[slug]", method: "GET", status: "200" };
    const missing = { ...found, status: "404" };
    duration.observe(found, 0.01);
    duration.observe(found, 0.2);
    duration.observe(missing, 0.003);
    expect(countOf(await requests.get(), found)).toBe(2);
    expect(countOf(await requests.get(), missing)).toBe(1);
    duration.observe(found, 0.04);
    // Each scrape reads the counts again: nothing counted twice.
    const text = await metricsText();
    expect(text).toMatch(/^vitrine_http_requests_total\{route="\/test\/\[slug\]",method="GET",status="200"\} 3$/m);
    expect(text).toMatch(/^vitrine_http_requests_total\{route="\/test\/\[slug\]",method="GET",status="404"\} 1$/m);
  });
});

describe("page cache metrics", () => {
  it("add the cache's own hits, stale answers and bytes when scraped, and misses as they are counted", async () => {
    const counts = { hits: 0, stale: 0, servedBytes: 0 };
    const { requests, bytes } = pageCacheMetrics(() => counts);
    counts.hits = 3;
    counts.servedBytes = 30_000;
    requests.inc({ result: "miss" });
    expect(countOf(await requests.get(), { result: "hit" })).toBe(3);
    expect(countOf(await requests.get(), { result: "miss" })).toBe(1);
    expect((await bytes.get()).values[0]?.value).toBe(30_000);
    counts.hits = 5;
    counts.stale = 2;
    counts.servedBytes = 42_000;
    const text = await metricsText();
    expect(text).toMatch(/^vitrine_page_cache_requests_total\{result="hit"\} 5$/m);
    expect(text).toMatch(/^vitrine_page_cache_requests_total\{result="stale"\} 2$/m);
    expect(text).toMatch(/^vitrine_page_cache_served_bytes_total 42000$/m);
  });
});
