import { createApi } from "../../src/server/api";

export const ORIGIN = "http://localhost:4321";

/** Calls the API as a back office does (an ERP, a PIM): from its own server, its bearer token, JSON, no Origin, no cookie. */
export function tokenCaller(token: string, host = "erp.example") {
  const app = createApi();
  /** `body` as JSON, or as it is with a `type` of its own (`text/csv`). */
  return (method: string, path: string, body?: unknown, type?: string) =>
    app.request(`http://${host}/api/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "Content-Type": type ?? "application/json" }),
      },
      ...(body === undefined ? {} : { body: type ? (body as BodyInit) : JSON.stringify(body) }),
    });
}

/** Calls the Hono app as a browser on our own site would (Origin header, JSON). */
export function apiClient(clientAddress = "203.0.113.7") {
  const app = createApi();
  // A cookie jar as a browser keeps one: the session's cookie and the others (the country) side by side.
  const jar = new Map<string, string>();
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(
      `${ORIGIN}/api/v1${path}`,
      {
        method,
        headers: {
          Origin: ORIGIN,
          ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
          ...(jar.size > 0 ? { Cookie: header() } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
      },
      { clientAddress },
    );
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ""] = setCookie.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      if (/=$/.test(pair) || /Max-Age=0/i.test(setCookie)) jar.delete(name);
      else jar.set(name, pair.slice(at + 1));
    }
    return response;
  };
  return {
    app,
    call,
    /** The cookies sent with the next call ("name=value; …"); setting it replaces them all. */
    get cookie() {
      return header();
    },
    set cookie(value: string) {
      jar.clear();
      for (const part of value.split(";")) {
        const at = part.indexOf("=");
        if (at > 0) jar.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
      }
    },
  };
}
