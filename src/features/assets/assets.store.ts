import { map } from "nanostores";
import { showError } from "~/shell/error-dialog";
import { RequestError } from "~/shell/request-errors";
import { acceptsFile, type CropDecision, cropDecision, type WidgetAsset } from "./assets";
import { assetsApi } from "./assets.client";

/** A widget's rules, from its data attributes (spec 000). */
export interface WidgetConfig {
  accept: string;
  /** Allowed kinds and their extensions, e.g. { Image: ["jpg", "png"] }: only Image means an image widget. */
  fileType: Record<string, string[]>;
  crop: { width: number; height: number } | null;
  maxFileSize: number;
  maxFiles: number;
}

/** Texts a widget shows, already in the page's language (the island's labels). */
export interface WidgetTexts {
  maximumFiles: string;
  wrongType: string;
  encodeCorrectImage: string;
  maximumSize: string;
  minimumSize: string;
  imageCropped: string;
  uploadFailed: string;
}

export interface WidgetMessage {
  kind: "error" | "notice";
  text: string;
}

export interface WidgetState {
  assets: WidgetAsset[];
  messages: WidgetMessage[];
  progress: { loaded: number; total: number } | null;
  /** Uploaded images waiting for their crop, the first one in the crop dialog. */
  cropQueue: WidgetAsset[];
}

/** Every asset widget of the page by its unique id: what it holds, says and is doing. */
export const $assets = map<Record<string, WidgetState>>({});

const EMPTY: WidgetState = { assets: [], messages: [], progress: null, cropQueue: [] };

export function widgetState(id: string): WidgetState {
  return $assets.get()[id] ?? EMPTY;
}

function update(id: string, change: Partial<WidgetState>): void {
  $assets.setKey(id, { ...widgetState(id), ...change });
}

export function initWidget(id: string, assets: WidgetAsset[]): void {
  if (!$assets.get()[id]) update(id, { assets });
}

const isImageWidget = (config: WidgetConfig) => Object.keys(config.fileType).every((kind) => kind === "Image");

const size = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Files chosen or dropped: checked here first (count, type, size: spec 000 section 5), sent with their
 * progress, then each answer added, refused with its message, or queued for its crop.
 */
export async function addFiles(id: string, files: File[], config: WidgetConfig, texts: WidgetTexts): Promise<void> {
  const messages: WidgetMessage[] = [];
  const room = config.maxFiles - widgetState(id).assets.length;
  let chosen = files;
  if (files.length > room) {
    messages.push({ kind: "error", text: texts.maximumFiles });
    chosen = files.slice(0, Math.max(0, room));
  }
  const image = isImageWidget(config);
  const sendable = chosen.filter((file) => {
    if (!acceptsFile(config.accept, file)) {
      messages.push({ kind: "error", text: `${file.name}: ${image ? texts.encodeCorrectImage : texts.wrongType}` });
      return false;
    }
    if (file.size > config.maxFileSize) {
      messages.push({
        kind: "error",
        text: `${file.name}: ${texts.maximumSize.replace("{{size}}", size(config.maxFileSize))}`,
      });
      return false;
    }
    return true;
  });
  update(id, { messages });
  if (sendable.length === 0) return;
  update(id, { progress: { loaded: 0, total: sendable.reduce((sum, f) => sum + f.size, 0) } });
  const outcome = await assetsApi.upload(
    {
      ...(config.crop ? { crop: `${config.crop.width},${config.crop.height}` } : {}),
      ...(image ? { fileType: "Image" as const } : {}),
      maxFileSize: config.maxFileSize,
    },
    sendable,
    (loaded, total) => update(id, { progress: { loaded, total } }),
  );
  const state = widgetState(id);
  const added: WidgetAsset[] = [];
  const queued: WidgetAsset[] = [];
  const said = [...state.messages];
  for (const answer of outcome.files) {
    if ("Error" in answer) {
      said.push({ kind: "error", text: `${answer.name}: ${answer.Error}` });
      continue;
    }
    const decision: CropDecision = answer.fileType === "Image" ? cropDecision(answer, config.crop) : "add";
    if (decision === "add") added.push(answer);
    else if (decision === "crop") queued.push(answer);
    else
      said.push({
        kind: "error",
        text: `${answer.name}: ${texts.minimumSize} ${config.crop?.width} × ${config.crop?.height} px`,
      });
  }
  // Spec 000 section 8: an upload that fails as a whole shows the generic error dialog.
  if (outcome.status !== 200 && outcome.status !== 422) showError();
  if (outcome.files.length === 0) said.push({ kind: "error", text: outcome.message ?? texts.uploadFailed });
  update(id, {
    assets: [...state.assets, ...added],
    cropQueue: [...state.cropQueue, ...queued],
    messages: said,
    progress: null,
  });
}

/** The crop dialog's OK: the server crops; its Error is shown, otherwise the image is added ("Image cropped"). */
export async function cropFirst(
  id: string,
  selection: { x: number; y: number; width: number; height: number },
  rotate: number,
  config: WidgetConfig,
  texts: WidgetTexts,
): Promise<boolean> {
  const [pending, ...rest] = widgetState(id).cropQueue;
  if (!pending?.tmpName || !config.crop) return false;
  try {
    const cropped = await assetsApi.crop(
      pending.tmpName,
      { x: Math.max(0, selection.x), y: Math.max(0, selection.y), width: selection.width, height: selection.height },
      config.crop,
      rotate,
    );
    const state = widgetState(id);
    update(id, {
      assets: [...state.assets, cropped as WidgetAsset],
      cropQueue: rest,
      messages: [{ kind: "notice", text: texts.imageCropped }],
    });
    return true;
  } catch (error) {
    const body = error instanceof RequestError ? (error.body as { Error?: string } | null) : null;
    update(id, { messages: [{ kind: "error", text: body?.Error ?? texts.uploadFailed }] });
    return false;
  }
}

/** The crop dialog's cancel: that image is not added. */
export function skipCrop(id: string): void {
  update(id, { cropQueue: widgetState(id).cropQueue.slice(1) });
}

export function removeAsset(id: string, assetId: string): void {
  update(id, { assets: widgetState(id).assets.filter((a) => a.id !== assetId), messages: [] });
}

export function renameAsset(id: string, assetId: string, name: string): void {
  update(id, { assets: widgetState(id).assets.map((a) => (a.id === assetId ? { ...a, name } : a)) });
}

/** Moves an asset to another place in the order (drag and drop, or its arrow buttons). */
export function moveAsset(id: string, assetId: string, to: number): void {
  const assets = [...widgetState(id).assets];
  const from = assets.findIndex((a) => a.id === assetId);
  if (from < 0 || to < 0 || to >= assets.length || from === to) return;
  const [moving] = assets.splice(from, 1);
  if (moving) assets.splice(to, 0, moving);
  update(id, { assets });
}
