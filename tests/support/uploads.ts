import { ORIGIN } from "./api";

export { picture, pngBomb } from "./pictures";

export interface UploadPart {
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart POST as a browser's form or FormData sends it. */
export function uploadRequest(path: string, parts: UploadPart[], cookie: string, field = "files"): Request {
  const form = new FormData();
  for (const part of parts) {
    form.append(
      field,
      new Blob([new Uint8Array(part.data)], { type: part.type ?? "application/octet-stream" }),
      part.name,
    );
  }
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}
