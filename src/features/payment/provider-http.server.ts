import { env } from "~/server/config/env";
import { log } from "~/server/observability/log";
import type { PaymentMethod } from "./payment";

/**
 * A provider's answer that says no (4xx): the request was understood and refused. Its text is the
 * provider's, for the operator's log only; the shopper sees one of our messages in her language.
 */
export class ProviderRefused extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    readonly detail: string,
  ) {
    super(`${provider} refused the request (${status}): ${detail}`);
  }
}

/** The provider did not answer, answered 5xx or too late: nothing is known; the same call may be retried. */
export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: string,
    readonly detail: string,
  ) {
    super(`${provider} is unavailable: ${detail}`);
  }
}

/**
 * One JSON call to a provider's HTTP API with the shop's timeout (PAYMENT_TIMEOUT_MS). Plain fetch: each
 * adapter makes four or five calls, and the official clients (which wrap the same calls) would add
 * their whole API surface for them (docs/decisions, 058).
 */
export async function providerCall<T>(
  provider: string,
  url: string,
  init: { method: "GET" | "POST" | "DELETE"; headers: Record<string, string>; body?: unknown; idempotencyKey?: string },
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...init.headers };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (init.idempotencyKey) headers["Idempotency-Key"] = init.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(env().PAYMENT_TIMEOUT_MS),
    });
  } catch (error) {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    log().error({ provider, url: new URL(url).pathname, detail }, "payment provider unreachable");
    throw new ProviderUnavailable(provider, detail);
  }
  const text = await response.text().catch(() => "");
  if (response.status >= 500 || response.status === 429) {
    log().error({ provider, url: new URL(url).pathname, status: response.status }, "payment provider failed");
    throw new ProviderUnavailable(provider, `HTTP ${response.status}`);
  }
  if (!response.ok) {
    log().error(
      { provider, url: new URL(url).pathname, status: response.status, detail: text.slice(0, 500) },
      "payment provider refused a request",
    );
    throw new ProviderRefused(provider, response.status, text.slice(0, 500));
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ProviderUnavailable(provider, "an answer that is not JSON");
  }
}

/**
 * The methods a provider offers per country and amount bracket, kept ten minutes (asking at every
 * checkout page would make each wait for the provider). When the provider does not answer, cards
 * (taken everywhere) are offered and it is asked again a minute later.
 */
export function methodsCache(provider: string) {
  const TTL_MS = 10 * 60_000;
  const cache = new Map<string, { at: number; methods: PaymentMethod[] }>();
  return {
    async get(countryCode: string, amount: number, load: () => Promise<PaymentMethod[]>): Promise<PaymentMethod[]> {
      const key = `${countryCode}:${Math.ceil(Math.log10(Math.max(amount, 1)))}`;
      const cached = cache.get(key);
      if (cached && Date.now() - cached.at < TTL_MS) return cached.methods;
      try {
        const methods = await load();
        cache.set(key, { at: Date.now(), methods });
        return methods;
      } catch (error) {
        log().warn({ err: error, provider, countryCode }, "payment methods unavailable: cards only");
        cache.set(key, { at: Date.now() - TTL_MS + 60_000, methods: ["card"] });
        return ["card"];
      }
    },
    clear: () => cache.clear(),
  };
}
