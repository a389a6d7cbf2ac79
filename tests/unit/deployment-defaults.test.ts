import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { parseEnv } from "../../src/server/config/env";

/** The runtime stage's ENV line of the Dockerfile, as the image sets it. */
function imageEnv(): Record<string, string> {
  const runtime = readFileSync("Dockerfile", "utf8").split(/^FROM /m)[2] ?? "";
  const line = runtime.split("\n").find((l) => l.startsWith("ENV ")) ?? "";
  return Object.fromEntries(
    line
      .slice(4)
      .trim()
      .split(/\s+/)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
}

describe("the deployment files never make the demo shop", () => {
  it("the image alone (no SITE_URL, a loopback address) starts an empty shop without the sandbox", () => {
    const settings = parseEnv({ ...imageEnv(), PAYMENT_HMAC_KEY: "ab".repeat(16) });
    expect(settings.isProduction).toBe(true);
    expect(settings.demoShop).toBe(false);
    expect(settings.paymentProvider).toBe("none");
  });

  it("compose refuses to start without SITE_URL and turns the demo off", () => {
    const compose = parseYaml(readFileSync("compose.yaml", "utf8"), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    for (const name of ["app1", "app2", "migrate"]) {
      const environment = compose.services[name]?.environment ?? {};
      // `${VAR:?message}`: compose stops with the message when VAR is unset or empty.
      expect(environment.SITE_URL, name).toMatch(/^\$\{SITE_URL:\?.+\}$/);
      expect(environment.DEMO_SHOP, name).toBe("false");
      // With only a local SITE_URL and the HMAC key in .env, still no demo and no sandbox.
      const dotEnv: Record<string, string> = { SITE_URL: "http://localhost:8080", PAYMENT_HMAC_KEY: "ab".repeat(16) };
      // Compose's interpolation: ${VAR:-default} and ${VAR:?message} read .env.
      const resolved = Object.fromEntries(
        Object.entries(environment).map(([key, value]) => [
          key,
          String(value).replace(
            /\$\{(\w+):[-?]([^}]*)\}/g,
            (_, name: string, fallback: string) => dotEnv[name] ?? (String(value).includes(":?") ? "" : fallback),
          ),
        ]),
      );
      const settings = parseEnv({ ...imageEnv(), ...resolved });
      expect(settings.demoShop).toBe(false);
      expect(settings.paymentProvider).toBe("none");
    }
  });
});
