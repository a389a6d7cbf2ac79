import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { POPUP_MEMORY_COOKIE, POPUP_MEMORY_LIFETIME_DAYS } from "~/features/banners/banners";
import { LOCATION_COOKIE, LOCATION_COOKIE_DAYS } from "~/features/pickup/location";
import { HEAD_SCRIPT, SCRIPT_COOKIE } from "~/layouts/head-script";
import { FLASH_COOKIE, FLASH_COOKIE_MAX_AGE_SECONDS } from "~/server/http/flash";
import { COUNTRY_COOKIE, COUNTRY_COOKIE_SECONDS } from "~/server/session/country-preference";
import { SESSION_COOKIE } from "~/server/session/session";
import { COOKIE_LAW_COOKIE_NAME, COOKIE_LAW_LIFETIME_HOURS } from "~/shell/constants";
import { CONSENT_COOKIE_LIFETIME_HOURS, CONSENT_COOKIE_NAME } from "./consent";
import { COOKIE_CATEGORIES, cookiesOf, DECLARED_COOKIES } from "./consent-cookies";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Every cookie name the code defines (`…_COOKIE = "name"`, `…_COOKIE_NAME = "name"`): what it may write. */
function cookieNamesInCode(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of files("src").filter((f) => /\.(ts|tsx|astro)$/.test(f) && !f.endsWith(".test.ts")))
    for (const match of readFileSync(file, "utf8").matchAll(/\b[A-Z_]*COOKIE(?:_NAME)?\s*=\s*"([^"]+)"/g))
      names.set(match[1] as string, file);
  return names;
}

const declared = (name: string) => DECLARED_COOKIES.find((cookie) => cookie.name === name);

describe("the privacy notice's cookie list (issue 36)", () => {
  it("declares every cookie the code writes, so the notice cannot drift", () => {
    const inCode = cookieNamesInCode();
    expect(inCode.size).toBeGreaterThanOrEqual(6);
    const missing = [...inCode].filter(([name]) => !declared(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
    // And nothing declared that the code no longer writes.
    expect(DECLARED_COOKIES.filter((cookie) => !inCode.has(cookie.name)).map((c) => c.name)).toEqual([]);
  });

  it("states each cookie's lifetime and category as the code sets them", () => {
    expect(declared(SESSION_COOKIE)).toMatchObject({ category: "necessary", lifetime: "session" });
    expect(declared(FLASH_COOKIE)?.lifetime).toEqual({ minutes: FLASH_COOKIE_MAX_AGE_SECONDS / 60 });
    expect(declared(CONSENT_COOKIE_NAME)?.lifetime).toEqual({ hours: CONSENT_COOKIE_LIFETIME_HOURS });
    expect(declared(COOKIE_LAW_COOKIE_NAME)?.lifetime).toEqual({ hours: COOKIE_LAW_LIFETIME_HOURS });
    expect(declared(COUNTRY_COOKIE)?.lifetime).toEqual({ days: COUNTRY_COOKIE_SECONDS / 86400 });
    // The head script writes it with its max-age in seconds.
    const scriptSeconds = Number(new RegExp(`${SCRIPT_COOKIE}=1;path=/;max-age=(\\d+)`).exec(HEAD_SCRIPT)?.[1]);
    expect(declared(SCRIPT_COOKIE)?.lifetime).toEqual({ days: scriptSeconds / 86400 });
    // Written only with the preferences consent (location-memory.ts, popup-memory.ts).
    expect(declared(LOCATION_COOKIE)).toEqual(
      expect.objectContaining({ category: "preferences", lifetime: { days: LOCATION_COOKIE_DAYS } }),
    );
    expect(declared(POPUP_MEMORY_COOKIE)).toEqual(
      expect.objectContaining({ category: "preferences", lifetime: { days: POPUP_MEMORY_LIFETIME_DAYS } }),
    );
    expect(COOKIE_CATEGORIES.flatMap((category) => cookiesOf(category))).toHaveLength(DECLARED_COOKIES.length);
  });

  it("the head script writes its cookie only once the visitor has chosen", () => {
    const run = (decided: object | null) => {
      const written: string[] = [];
      const document = {
        documentElement: { classList: { add: () => undefined } },
        currentScript: { dataset: { consent: JSON.stringify({ defaults: {}, decided, stamp: "s" }) } },
        get cookie() {
          return "";
        },
        set cookie(value: string) {
          written.push(value);
        },
      };
      const window: Record<string, unknown> = { dataLayer: [] };
      new Function("document", "window", "location", "dataLayer", HEAD_SCRIPT)(
        document,
        window,
        { protocol: "http:" },
        window.dataLayer,
      );
      return written;
    };
    expect(run(null)).toEqual([]);
    expect(run({ analytics_storage: "denied" })).toEqual([`${SCRIPT_COOKIE}=1;path=/;max-age=31536000;samesite=lax`]);
  });
});
