import { describe, expect, it } from "vitest";
import { pinClientAddress, resolveClientAddress } from "./client-ip";

describe("client address", () => {
  it("ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(resolveClientAddress("10.0.0.9", "203.0.113.5", 0)).toBe("10.0.0.9");
    expect(resolveClientAddress("10.0.0.9", ["203.0.113.5", "198.51.100.1"], 0)).toBe("10.0.0.9");
  });

  it("takes the right-most hop our one proxy wrote, not what the client sent before it", () => {
    // The client forged "1.2.3.4"; our proxy appended the address it really saw.
    expect(resolveClientAddress("10.0.0.1", "1.2.3.4, 203.0.113.5", 1)).toBe("203.0.113.5");
    expect(resolveClientAddress("10.0.0.1", "203.0.113.5", 1)).toBe("203.0.113.5");
  });

  it("walks back past as many proxies as are trusted", () => {
    expect(resolveClientAddress("10.0.0.2", "1.2.3.4, 203.0.113.5, 10.0.0.1", 2)).toBe("203.0.113.5");
    // Fewer hops than trusted proxies: the left-most one is all there is.
    expect(resolveClientAddress("10.0.0.2", "203.0.113.5", 5)).toBe("203.0.113.5");
  });

  it("falls back to the socket when a trusted proxy sent no header", () => {
    expect(resolveClientAddress("10.0.0.1", undefined, 1)).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.1", " , ", 1)).toBe("10.0.0.1");
  });

  it("pins the header Astro reads to the resolved address", () => {
    const req = {
      headers: { "x-forwarded-for": "victim" } as Record<string, string>,
      socket: { remoteAddress: "127.0.0.1" },
    };
    expect(pinClientAddress(req, 0)).toBe("127.0.0.1");
    expect(req.headers["x-forwarded-for"]).toBe("127.0.0.1");
  });
});
