import { get as httpGet, type IncomingMessage } from "node:http";
import { get as httpsGet } from "node:https";
import { useAgent } from "request-filtering-agent";

/** Why a fetch of an outside address gave nothing (each has its message key under `Import.`). */
export type OutboundFailure = "BadUrl" | "Refused" | "Unreachable" | "Timeout" | "Status" | "TooLarge" | "Redirects";

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    readonly status?: number,
  ) {
    super(status ? `${reason} ${status}` : reason);
  }
}

export interface FetchLimits {
  /** The whole fetch, redirects and body included. */
  timeoutMs: number;
  /** A longer body is refused (by its Content-Length before reading, else once read that far). */
  maxBytes: number;
  /**
   * Whether private, loopback and link-local addresses may be reached. A public shop refuses them: a
   * merchant's file must not make the server read inside its own network. The check is made on the
   * address each connection resolves to (request-filtering-agent), so a name that resolves inside is
   * refused too, and so is a redirect there.
   */
  allowInternal: boolean;
}

const MAX_REDIRECTS = 3;

function checkedUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new OutboundError("BadUrl");
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password)
    throw new OutboundError("BadUrl");
  return url;
}

/**
 * GET of an outside address with limits (time, size, where it may lead): the body whole, its declared
 * type and the address it came from after redirects. Node's own http client with a filtering agent:
 * fetch() cannot refuse an address once resolved.
 */
export async function fetchLimited(
  raw: string,
  limits: FetchLimits,
): Promise<{ body: Buffer; contentType: string; url: string }> {
  let url = checkedUrl(raw);
  const deadline = Date.now() + limits.timeoutMs;
  for (let redirects = 0; ; redirects++) {
    const response = await open(url, deadline, limits);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects >= MAX_REDIRECTS) throw new OutboundError("Redirects");
      url = checkedUrl(response.headers.location, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new OutboundError("Status", status);
    }
    const body = await read(response, deadline, limits.maxBytes);
    return { body, contentType: String(response.headers["content-type"] ?? ""), url: url.href };
  }
}

function open(url: URL, deadline: number, limits: FetchLimits): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const agent = useAgent(url.href, {
      allowPrivateIPAddress: limits.allowInternal,
      allowMetaIPAddress: limits.allowInternal,
    });
    const request = (url.protocol === "https:" ? httpsGet : httpGet)(
      url,
      { agent, headers: { accept: "image/*", "user-agent": "Vitrine image import" } },
      resolve,
    );
    const timer = setTimeout(() => request.destroy(new OutboundError("Timeout")), Math.max(0, deadline - Date.now()));
    request.on("close", () => clearTimeout(timer));
    request.on("error", (error) => {
      clearTimeout(timer);
      if (error instanceof OutboundError) reject(error);
      // request-filtering-agent's refusal says which address it refused.
      else if (/is not allowed|private|meta ip/i.test(error.message)) reject(new OutboundError("Refused"));
      else reject(new OutboundError("Unreachable"));
    });
  });
}

function read(response: IncomingMessage, deadline: number, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(response.headers["content-length"] ?? "0");
    if (declared > maxBytes) {
      response.destroy();
      reject(new OutboundError("TooLarge"));
      return;
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    const timer = setTimeout(() => response.destroy(new OutboundError("Timeout")), Math.max(0, deadline - Date.now()));
    response.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) response.destroy(new OutboundError("TooLarge"));
      else chunks.push(chunk);
    });
    response.on("end", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    response.on("error", (error) => {
      clearTimeout(timer);
      reject(error instanceof OutboundError ? error : new OutboundError("Unreachable"));
    });
    response.on("close", () => {
      clearTimeout(timer);
      if (!response.complete) reject(new OutboundError(bytes > maxBytes ? "TooLarge" : "Unreachable"));
    });
  });
}
