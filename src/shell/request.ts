/** The one request helper islands and stores use for the API (spec 000 section 8 extends its error handling). */
export async function requestJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const culture = document.documentElement.lang;
  const response = await fetch(path, {
    credentials: "same-origin",
    ...init,
    headers: {
      Accept: "application/json",
      "X-Culture": culture,
      ...(init.body ? { "Content-Type": "application/json" } : {}),
      ...init.headers,
    },
  });
  if (!response.ok) {
    document.dispatchEvent(new CustomEvent("request:failed", { detail: { url: path, status: response.status } }));
    throw new Error(`${init.method ?? "GET"} ${path} answered ${response.status}`);
  }
  return (await response.json()) as T;
}
