import { createApi } from "../../src/server/api";

export const ORIGIN = "http://localhost:4321";

/** Calls the Hono app as a browser on our own site would (Origin header, JSON). */
export function apiClient(clientAddress = "203.0.113.7") {
  const app = createApi();
  let cookie = "";
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(
      `${ORIGIN}/api/v1${path}`,
      {
        method,
        headers: {
          Origin: ORIGIN,
          ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
          ...(cookie ? { Cookie: cookie } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
      },
      { clientAddress },
    );
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) {
      const [pair = ""] = setCookie.split(";");
      cookie = /=$/.test(pair) || /Max-Age=0/i.test(setCookie) ? "" : pair;
    }
    return response;
  };
  return {
    app,
    call,
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      cookie = value;
    },
  };
}
