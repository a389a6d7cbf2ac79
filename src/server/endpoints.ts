import { type AnyEndpoint, isEndpoint, pathMatcher } from "./http/endpoint";

/**
 * Every endpoint of the API, found in the features' `*.endpoints.ts` modules: adding one touches no
 * server file. Sorted by key so the routes and the OpenAPI document do not depend on file order.
 */
const modules = import.meta.glob<Record<string, unknown>>("../features/**/*.endpoints.ts", { eager: true });

export const ENDPOINTS: readonly AnyEndpoint[] = Object.values(modules)
  .flatMap((module) => Object.values(module).filter(isEndpoint))
  .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));

const byKey = new Map<string, AnyEndpoint>(ENDPOINTS.map((endpoint) => [endpoint.key, endpoint]));
if (byKey.size !== ENDPOINTS.length) throw new Error("Two endpoints share a method and a path");

export function endpointByKey(key: string): AnyEndpoint {
  const endpoint = byKey.get(key);
  if (!endpoint) throw new Error(`No endpoint ${key}`);
  return endpoint;
}

// Every request asks which endpoint it is for (Origin and session rules): the matchers are built once.
const matchers = ENDPOINTS.map((endpoint) => ({ endpoint, method: endpoint.method, path: pathMatcher(endpoint.path) }));

/** The endpoint a request path (under /api/v1) goes to, if any. */
export function endpointFor(method: string, path: string): AnyEndpoint | undefined {
  const lower = method.toLowerCase();
  return matchers.find((m) => m.method === lower && m.path.test(path))?.endpoint;
}
