import type { Context } from "hono";
import type { ApiEnv } from "./context";

/**
 * The client's address as seen by the server: the socket's peer, unless `trustedProxies` proxies sit in
 * front of us. Then each of them appended the address it saw to X-Forwarded-For, so the client is the
 * right-most entry that none of our proxies wrote; anything further left was sent by the client itself
 * and may be forged.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: number,
): string {
  const socket = socketAddress ?? "unknown";
  if (trustedProxies <= 0 || !forwardedFor) return socket;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  const chain = [...hops, socket];
  return chain[Math.max(0, chain.length - 1 - trustedProxies)] ?? socket;
}

/**
 * Pins the request's X-Forwarded-For to the resolved client address before Astro reads it: Astro's Node
 * adapter takes the *first* X-Forwarded-For value as `clientAddress`, which any client can forge.
 */
export function pinClientAddress(
  req: { headers: Record<string, string | string[] | undefined>; socket?: { remoteAddress?: string } },
  trustedProxies: number,
): string {
  const address = resolveClientAddress(req.socket?.remoteAddress, req.headers["x-forwarded-for"], trustedProxies);
  req.headers["x-forwarded-for"] = address;
  return address;
}

/** The client's address for an API call, resolved by the server before the request reached us. */
export function clientIp(c: Context<ApiEnv>): string {
  return c.env?.clientAddress ?? "unknown";
}
