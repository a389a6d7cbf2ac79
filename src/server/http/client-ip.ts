import type { Context } from "hono";
import { env } from "../config/env";
import type { ApiEnv } from "./context";

/** The client's address: the socket's, or the first X-Forwarded-For hop when TRUST_PROXY is set. */
export function clientIp(c: Context<ApiEnv>): string {
  if (env().TRUST_PROXY) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.clientAddress ?? "unknown";
}
