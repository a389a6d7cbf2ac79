/**
 * The asset library (spec 000): folders, uploads, crops. Isomorphic: the island, the controllers and the
 * server share these names, limits and rules.
 */

/** Spec 000 section 9: the crop modal's image box. */
export const CROP_BOX = { width: 568, height: 400 } as const;
/** Spec 000 section 4: a folder tree shows this many levels open from its root unless told otherwise. */
export const DEFAULT_TREE_DEPTH = 1;
/** Per file and per request (OWASP: limit both); the widget may ask for less with data-max-file-size. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_REQUEST_BYTES = 25 * 1024 * 1024;
export const MAX_FILES_PER_REQUEST = 10;
/** A decoded image above this many pixels is refused before decoding (a small file may decode to 400 Mpx). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Uploaded files wait this long for a crop or a form post, then they are swept. */
export const UPLOAD_TTL_MS = 60 * 60 * 1000;
export const FOLDER_NAME_MAX = 80;
export const ASSET_NAME_MAX = 160;

/** What the server accepts, by content: the kind the spec names ("Image" or a file), its extensions. */
export const ALLOWED_TYPES = {
  "image/jpeg": { fileType: "Image", extensions: ["jpg", "jpeg"] },
  "image/png": { fileType: "Image", extensions: ["png"] },
  "image/webp": { fileType: "Image", extensions: ["webp"] },
  "image/gif": { fileType: "Image", extensions: ["gif"] },
  "application/pdf": { fileType: "File", extensions: ["pdf"] },
} as const;
export type AllowedMime = keyof typeof ALLOWED_TYPES;
export type AssetKind = "Image" | "File";

export function isAllowedMime(mime: string): mime is AllowedMime {
  return Object.hasOwn(ALLOWED_TYPES, mime);
}

/** A file name's extension, lower case, "jpeg" read as "jpg" (spec 000: jpg also matches jpeg). */
export function extensionOf(name: string): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(name.trim());
  const ext = (match?.[1] ?? "").toLowerCase();
  return ext === "jpeg" ? "jpg" : ext;
}

/**
 * Whether a chosen file passes the widget's `accept` attribute (".jpg,.png", "image/*" or MIME types).
 * The browser's first check only: the server decides by content.
 */
export function acceptsFile(accept: string, file: { name: string; type: string }): boolean {
  const rules = accept
    .split(",")
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) return true;
  const ext = extensionOf(file.name);
  const type = file.type.toLowerCase();
  return rules.some((rule) => {
    if (rule.startsWith(".")) return extensionOf(`x${rule}`) === ext;
    if (rule.endsWith("/*")) return type.startsWith(rule.slice(0, -1));
    return rule === type || (rule === "image/jpg" && type === "image/jpeg");
  });
}

/** The widget's `crop` attribute, "width,height" in px; nothing (no crop) when absent or not two positive numbers. */
export function parseCrop(value: string | null | undefined): { width: number; height: number } | null {
  const match = /^\s*(\d{1,5})\s*,\s*(\d{1,5})\s*$/.exec(value ?? "");
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

export type CropDecision = "add" | "tooSmall" | "crop";

/** Spec 000 section 4, image upload: equal to the crop size or no crop: added; smaller: refused; else cropped. */
export function cropDecision(
  image: { width: number; height: number },
  crop: { width: number; height: number } | null,
): CropDecision {
  if (!crop || (image.width === crop.width && image.height === crop.height)) return "add";
  if (image.width < crop.width || image.height < crop.height) return "tooSmall";
  return "crop";
}

/** A crop selection in whole pixels, never negative (spec 000 section 5), inside the image. */
export function clampSelection(
  selection: { x: number; y: number; width: number; height: number },
  image: { width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  const x = Math.min(Math.max(0, Math.round(selection.x)), Math.max(0, image.width - 1));
  const y = Math.min(Math.max(0, Math.round(selection.y)), Math.max(0, image.height - 1));
  return {
    x,
    y,
    width: Math.max(1, Math.min(Math.round(selection.width), image.width - x)),
    height: Math.max(1, Math.min(Math.round(selection.height), image.height - y)),
  };
}

/** A rotation by quarter turns, as cropperjs reports it (any multiple of 90, negative too), in 0..270. */
export function quarterTurn(degrees: number): 0 | 90 | 180 | 270 {
  return ((((Math.round(degrees / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
}

/** An uploaded or stored asset as the widget reads it (spec 000's Asset). */
export interface WidgetAsset {
  /** A stored asset's id, or the temporary name of an upload not yet saved. */
  id: string;
  name: string;
  thumbnail_url: string;
  fileType: AssetKind;
  width: number;
  height: number;
  size?: number;
  tmpName?: string;
}

/** A temporary upload's name: generated, so it is a safe path part and a safe field-name part. */
export const TMP_NAME = /^tmp-[0-9a-f]{32}$/;

/** A folder and every folder below it (ids), from the flat list of folders. */
export function subtreeIds(folders: { id: number; parent_id: number | null }[], rootId: number): Set<number> {
  const ids = new Set<number>([rootId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of folders)
      if (f.parent_id !== null && ids.has(f.parent_id) && !ids.has(f.id)) {
        ids.add(f.id);
        grew = true;
      }
  }
  return ids;
}
