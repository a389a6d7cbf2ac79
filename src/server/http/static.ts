import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize } from "node:path";
import { isCulture } from "~/lib/culture";
import { plainPathname } from "~/lib/url";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
  ".html": "text/html; charset=utf-8",
};

/** Hashed build output never changes under its name: cache it for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600";

function pickEncoding(accept: string | undefined): { ext: string; name: string }[] {
  const header = accept ?? "";
  const choices: { ext: string; name: string }[] = [];
  if (/\bbr\b/.test(header)) choices.push({ ext: ".br", name: "br" });
  if (/\bgzip\b/.test(header)) choices.push({ ext: ".gz", name: "gzip" });
  return choices;
}

/**
 * A page's or the API's address, told without parsing it as a URL (the parse was 4 % of a cached page's
 * answer). Only a plain path qualifies, with or without a query (a list's next page, a search): any other
 * (dot segments, escapes) goes the long way.
 */
function isPageOrApi(url: string): boolean {
  const end = url.search(/[?#]/);
  const path = plainPathname(end === -1 ? url : url.slice(0, end));
  if (path === null) return false;
  const first = path.split("/", 2)[1] ?? "";
  return isCulture(first) || first === "api";
}

/** A request `serveStatic` may answer: a read outside the pages' and the API's addresses. */
export function mayBeStaticFile(req: IncomingMessage): boolean {
  return (req.method === "GET" || req.method === "HEAD") && !isPageOrApi(req.url ?? "/");
}

/**
 * Serves a file of dist/client when one matches, preferring its precompressed .br or .gz twin.
 * Returns false when there is no such file, so the request goes on to Astro.
 */
export async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (!mayBeStaticFile(req)) return false;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  } catch {
    return false;
  }
  if (pathname.endsWith("/") || pathname.includes("\0")) return false;
  // Pages live under a culture and the API under /api, where the build writes no file: no disk lookup
  // (a failed stat costs more than a small API answer's own work) on their way to Astro.
  const first = pathname.split("/")[1] ?? "";
  if (isCulture(first) || first === "api") return false;
  const path = normalize(join(root, pathname));
  if (!path.startsWith(root)) return false;
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return false;

  const type = TYPES[extname(path)] ?? "application/octet-stream";
  let file = path;
  let size = info.size;
  res.setHeader("Vary", "Accept-Encoding");
  for (const encoding of pickEncoding(req.headers["accept-encoding"] as string | undefined)) {
    const twin = await stat(path + encoding.ext).catch(() => null);
    if (twin?.isFile()) {
      file = path + encoding.ext;
      size = twin.size;
      res.setHeader("Content-Encoding", encoding.name);
      break;
    }
  }
  res.statusCode = 200;
  res.setHeader("Content-Type", type);
  res.setHeader("Content-Length", String(size));
  res.setHeader("Cache-Control", pathname.startsWith("/_astro/") ? IMMUTABLE : SHORT);
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (req.method === "HEAD") {
    res.end();
    return true;
  }
  // The file may go between stat and read (a deploy replacing dist): end this response, keep serving.
  const stream = createReadStream(file);
  stream.on("error", () => {
    if (!res.headersSent) {
      res.statusCode = 404;
      res.removeHeader("Content-Length");
      res.removeHeader("Content-Encoding");
      res.end();
    } else res.destroy();
  });
  stream.pipe(res);
  return true;
}
