import { useStore } from "@nanostores/react";
import { type DragEvent, useEffect, useRef, useState } from "react";
import type { WidgetAsset } from "./assets";
import {
  $assets,
  addFiles,
  cropFirst,
  initWidget,
  moveAsset,
  removeAsset,
  renameAsset,
  skipCrop,
  type WidgetConfig,
  type WidgetTexts,
  widgetState,
} from "./assets.store";
import { CropDialog, type CropLabels } from "./CropDialog";

export interface AssetUploaderLabels extends WidgetTexts, CropLabels {
  choose: string;
  fileName: string;
  remove: string;
  moveUp: string;
  moveDown: string;
  moved: string;
  reorderHint: string;
  uploadedBytes: string;
  requiredFile: string;
  hasFile: string;
  dimensions: string;
}

export interface AssetUploaderProps extends WidgetConfig {
  uniqueId: string;
  /** The input's label (what the field is for). */
  label: string;
  assets: WidgetAsset[];
  required: boolean;
  labels: AssetUploaderLabels;
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ""));

/**
 * The asset uploader of spec 000: choose or drop files, see them sent (bytes uploaded), crop images to
 * the widget's size, then rename, reorder (drag, or arrow buttons from the keyboard) and remove them.
 * Its hidden fields carry the result, so the plain form around it posts the chosen assets. Before it
 * hydrates (or without JavaScript) its file input is a plain named input that the form posts itself.
 */
export default function AssetUploader(props: AssetUploaderProps) {
  const { uniqueId: id, labels } = props;
  const [hydrated, setHydrated] = useState(false);
  const widgets = useStore($assets);
  const state = widgets[id] ?? { assets: props.assets, messages: [], progress: null, cropQueue: [] };
  const [announce, setAnnounce] = useState("");
  const [requiredError, setRequiredError] = useState(false);
  const dragged = useRef<string | null>(null);
  const config: WidgetConfig = {
    accept: props.accept,
    fileType: props.fileType,
    crop: props.crop,
    maxFileSize: props.maxFileSize,
    maxFiles: props.maxFiles,
  };

  useEffect(() => {
    initWidget(id, props.assets);
    setHydrated(true);
  }, [id, props.assets]);

  const count = state.assets.length;
  useEffect(() => {
    if (count > 0) setRequiredError(false);
  }, [count]);

  const choose = (files: FileList | null) => {
    if (files && files.length > 0) void addFiles(id, [...files], config, labels);
  };
  const move = (asset: WidgetAsset, to: number) => {
    moveAsset(id, asset.id, to);
    setAnnounce(fill(labels.moved, { name: asset.name, position: to + 1, count }));
  };
  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    const assetId = dragged.current;
    dragged.current = null;
    const asset = widgetState(id).assets.find((a) => a.id === assetId);
    if (asset) move(asset, index);
  };
  const single = props.maxFiles === 1;
  const first = state.assets[0];
  const inputId = `asset-input-${id}`;

  return (
    <fieldset
      className="asset-uploader__body"
      onDragOver={(event) => event.dataTransfer.types.includes("Files") && event.preventDefault()}
      onDrop={(event) => {
        if (event.dataTransfer.files.length === 0) return;
        event.preventDefault();
        choose(event.dataTransfer.files);
      }}
    >
      <legend className="visually-hidden">{props.label}</legend>
      <label className="button button--secondary asset-uploader__choose" htmlFor={inputId}>
        {labels.choose}
      </label>
      <input
        id={inputId}
        className="asset-uploader__input"
        type="file"
        // Before hydration the form posts the files itself; after it, they go to the API as they are chosen.
        name={hydrated ? undefined : "files"}
        accept={props.accept || undefined}
        multiple={!single}
        aria-label={props.label}
        onChange={(event) => {
          choose(event.currentTarget.files);
          event.currentTarget.value = "";
        }}
      />
      {state.progress && (
        <p className="asset-uploader__progress" role="status">
          <progress max={state.progress.total} value={state.progress.loaded} />{" "}
          {fill(labels.uploadedBytes, {
            loaded: `${Math.round(state.progress.loaded / 1024)} KB`,
            total: `${Math.round(state.progress.total / 1024)} KB`,
          })}
        </p>
      )}
      <div className="asset-uploader__messages" role="alert">
        {state.messages.map((m) => (
          <p key={`${m.kind}-${m.text}`} className={`notice notice--${m.kind === "error" ? "error" : "success"}`}>
            {m.text}
          </p>
        ))}
        {requiredError && count === 0 && <p className="notice notice--error">{labels.requiredFile}</p>}
      </div>
      {count > 1 && <p className="asset-uploader__hint">{labels.reorderHint}</p>}
      <ol className="asset-uploader__list">
        {state.assets.map((asset, index) => (
          <li
            key={asset.id}
            className="asset-uploader__item"
            draggable
            onDragStart={(event) => {
              dragged.current = asset.id;
              event.dataTransfer.effectAllowed = "move";
            }}
            onDragOver={(event) => dragged.current && event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
            data-asset={asset.id}
          >
            {asset.fileType === "Image" ? (
              <img src={asset.thumbnail_url} alt="" width={96} height={72} loading="lazy" />
            ) : (
              <span className="asset-uploader__file" aria-hidden="true">
                PDF
              </span>
            )}
            <div className="asset-uploader__meta">
              <label className="visually-hidden" htmlFor={`asset-${id}-${asset.id}-name`}>
                {labels.fileName}
              </label>
              <input
                id={`asset-${id}-${asset.id}-name`}
                value={asset.name}
                maxLength={160}
                onChange={(event) => renameAsset(id, asset.id, event.currentTarget.value)}
              />
              {asset.fileType === "Image" && (
                <span className="asset-uploader__size">
                  {fill(labels.dimensions, { width: asset.width, height: asset.height })}
                </span>
              )}
              <input type="hidden" name={`asset-${asset.id}`} value={asset.id} />
              <input type="hidden" name={`asset-${asset.id}-name`} value={asset.name} />
            </div>
            <div className="asset-uploader__actions">
              <button
                type="button"
                className="button button--ghost"
                disabled={index === 0}
                aria-label={fill(labels.moveUp, { name: asset.name })}
                onClick={() => move(asset, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={index === count - 1}
                aria-label={fill(labels.moveDown, { name: asset.name })}
                onClick={() => move(asset, index + 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className="button button--ghost"
                aria-label={fill(labels.remove, { name: asset.name })}
                onClick={() => removeAsset(id, asset.id)}
              >
                ×
              </button>
            </div>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
      <input type="hidden" name={`list-assets-orders-${id}`} value={state.assets.map((a) => a.id).join(",")} />
      <input type="hidden" name={`AssetsLoaded-${id}`} value={hydrated ? "true" : "false"} />
      {single && (
        <>
          <input type="hidden" name={`AssetId-${id}`} value={first?.id ?? ""} />
          <input type="hidden" name={`AssetName-${id}`} value={first?.name ?? ""} />
          <input type="hidden" name={`AssetLoaded${id}`} value={first ? "true" : "false"} />
          <input type="hidden" name={`asset-${id}-name`} value={first?.name ?? ""} />
          <input
            type="hidden"
            name={`asset-${id}-name-changed`}
            value={first && props.assets[0] && first.name !== props.assets[0].name ? "true" : "false"}
          />
        </>
      )}
      {hydrated && (
        <input
          className="asset-uploader__required"
          type="checkbox"
          name={`file-upload-required-${id}`}
          aria-label={labels.hasFile}
          tabIndex={-1}
          required={props.required}
          checked={count > 0}
          // Not readOnly: that would bar it from validation. It follows the assets, never a click.
          onChange={() => {}}
          onInvalid={(event) => {
            event.preventDefault();
            setRequiredError(true);
          }}
        />
      )}
      {state.cropQueue[0] && props.crop && (
        <CropDialog
          key={state.cropQueue[0].id}
          asset={state.cropQueue[0]}
          crop={props.crop}
          labels={labels}
          error={state.messages.find((m) => m.kind === "error")?.text ?? null}
          onCrop={(selection, rotate) => cropFirst(id, selection, rotate, config, labels)}
          onCancel={() => skipCrop(id)}
        />
      )}
    </fieldset>
  );
}
