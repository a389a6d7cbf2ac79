import { CHUNK_LOAD_RETRIES, CHUNK_LOAD_TIMEOUT_MS } from "./constants";
import { showError } from "./error-dialog";

/** A lazy script or style chunk that did not load (spec 000 section 8). */
export class ChunkLoadError extends Error {
  constructor(id: string, kind: "script" | "css" = "script", cause?: unknown) {
    super(kind === "css" ? `Loading CSS chunk ${id} failed` : `Loading chunk ${id} failed`, { cause });
    this.name = "ChunkLoadError";
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function attempt<T>(id: string, kind: "script" | "css", load: () => Promise<T>): Promise<T> {
  let last: unknown;
  for (let tries = 0; tries <= CHUNK_LOAD_RETRIES; tries++) {
    try {
      return await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
    } catch (error) {
      last = error;
    }
  }
  const failure = new ChunkLoadError(id, kind, last);
  console.error(failure);
  showError();
  throw failure;
}

/** Loads a lazy script chunk: timeout, one retry, then ChunkLoadError and the error dialog. */
export function loadChunk<T>(id: string, importer: () => Promise<T>): Promise<T> {
  return attempt(id, "script", importer);
}

/** The same for a stylesheet. */
export function loadStylesheet(id: string, href: string): Promise<void> {
  return attempt(id, "css", () => {
    if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"][data-loaded]`))
      return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      link.onload = () => {
        link.dataset.loaded = "";
        resolve();
      };
      link.onerror = () => {
        link.remove();
        reject(new Error(`stylesheet ${href} failed`));
      };
      document.head.append(link);
    });
  });
}
