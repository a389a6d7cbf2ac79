/**
 * Spec 000 section 8: what a failed request does, for page loads and API calls alike.
 * 401 opens the login (modal or page); 404 is logged only; status 0 (aborted, offline) is a console
 * warning; any other failure shows the error dialog.
 */
export type ErrorAction = "none" | "login" | "log" | "warn" | "dialog";

export function errorAction(status: number): ErrorAction {
  if (status >= 200 && status < 400) return "none";
  if (status === 401) return "login";
  if (status === 404) return "log";
  if (status === 0) return "warn";
  return "dialog";
}

/** Thrown by the request helper after the failure was handled (dialog shown, login opened...). */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly body: unknown = null,
    /** The answer's status text ("Service Unavailable"), empty when there was none (HTTP/2, no answer). */
    readonly statusText = "",
  ) {
    super(`Request to ${url} failed with status ${status}`);
    this.name = "RequestError";
  }
}

/**
 * What to tell the shopper of a refusal the caller handles itself (a 4xx in its `handled` list): the
 * first field's message, else the error's Message. Null when the error is not such a refusal (the
 * caller rethrows it).
 */
export function refusalMessage(error: unknown): { message: string; field?: string } | null {
  if (!(error instanceof RequestError) || !error.body || typeof error.body !== "object") return null;
  const body = error.body as { Message?: string; Errors?: Record<string, string[]> };
  const [field, messages] = Object.entries(body.Errors ?? {}).find(([, m]) => m.length > 0) ?? [];
  const message = messages?.[0] ?? body.Message ?? "";
  return field && messages?.[0] ? { message, field } : { message };
}
