import { endpointClient, endpointUrl } from "~/shell/request";
import type { WidgetAsset } from "./assets";
import type * as assetEndpoints from "./assets.endpoints";

const call = endpointClient<typeof assetEndpoints>();

export type UploadAnswer = WidgetAsset | { name: string; Error: string };

export interface UploadOutcome {
  status: number;
  files: UploadAnswer[];
  /** A refusal of the whole request (too many files, too large, not signed in): its message. */
  message?: string;
}

const CROP_KEY = "POST /assetslibrary/croptempimg/:tmpName/:x/:y/:w/:h/:cropWidth/:cropHeight" as const;

/** Asset library calls; the upload is an XMLHttpRequest, the one browser API that reports upload progress. */
export const assetsApi = {
  asset: (id: number) => call("GET /assetslibrary/assets/:id", { params: { id } }),
  hierarchy: (folderId: number, depth: number) =>
    call("GET /assetslibrary/folders/hierarchy", { query: { folderId, depth } }),
  crop(
    tmpName: string,
    selection: { x: number; y: number; width: number; height: number },
    size: { width: number; height: number },
    rotate: number,
  ) {
    const request = {
      params: {
        tmpName,
        x: selection.x,
        y: selection.y,
        w: selection.width,
        h: selection.height,
        cropWidth: size.width,
        cropHeight: size.height,
      },
      query: { rotate },
    };
    // The API's path; spec 000's /assets/croptempimg/... answers the same for other callers.
    return call(CROP_KEY, request, { handled: [404, 422] });
  },
  upload(
    query: { crop?: string; fileType?: "Image" | "File"; maxFileSize?: number },
    files: File[],
    onProgress: (loaded: number, total: number) => void,
  ): Promise<UploadOutcome> {
    const { url } = endpointUrl("POST /assetslibrary/assets/upload", { query });
    const form = new FormData();
    for (const file of files) form.append("files", file, file.name);
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", url);
      xhr.setRequestHeader("Accept", "application/json");
      xhr.setRequestHeader("X-Culture", document.documentElement.lang);
      xhr.upload.addEventListener("progress", (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      });
      xhr.addEventListener("load", () => {
        let body: unknown = null;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = null;
        }
        if (xhr.status === 200 && Array.isArray(body)) return resolve({ status: 200, files: body as UploadAnswer[] });
        const refusal = (body ?? {}) as { Message?: string; Errors?: Record<string, string[]> };
        const files = Object.entries(refusal.Errors ?? {}).map(([name, messages]) => ({
          name,
          Error: messages[0] ?? "",
        }));
        resolve({ status: xhr.status, files, ...(refusal.Message ? { message: refusal.Message } : {}) });
      });
      xhr.addEventListener("error", () => resolve({ status: 0, files: [] }));
      xhr.send(form);
    });
  },
};
