import type Cropper from "cropperjs";
import { useEffect, useRef, useState } from "react";
import { CROP_BOX, type WidgetAsset } from "./assets";

export interface CropLabels {
  cropTitle: string;
  cropOk: string;
  cancel: string;
  rotateLeft: string;
  rotateRight: string;
}

interface CropDialogProps {
  asset: WidgetAsset;
  crop: { width: number; height: number };
  labels: CropLabels;
  error: string | null;
  onCrop(selection: { x: number; y: number; width: number; height: number }, rotate: number): Promise<boolean>;
  onCancel(): void;
}

/**
 * The crop modal of spec 000: the image in a 568 × 400 box (cropperjs, loaded with the dialog), a
 * selection held to the crop's ratio and never smaller than its size, quarter turns before cropping.
 */
export function CropDialog({ asset, crop, labels, error, onCrop, onCancel }: CropDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const cropper = useRef<Cropper | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
    let cancelled = false;
    void import("cropperjs").then(({ default: CropperJs }) => {
      if (cancelled || !image.current) return;
      const instance: Cropper = new CropperJs(image.current, {
        viewMode: 1,
        aspectRatio: crop.width / crop.height,
        autoCropArea: 1,
        zoomable: false,
        background: false,
        // The selection never goes below the crop size (in the image's own pixels).
        crop(event) {
          const { width, height } = event.detail;
          if (width + 0.5 < crop.width || height + 0.5 < crop.height) {
            instance.setData({ ...event.detail, width: crop.width, height: crop.height });
          }
        },
      });
      cropper.current = instance;
    });
    return () => {
      cancelled = true;
      cropper.current?.destroy();
      cropper.current = null;
    };
  }, [crop.width, crop.height]);

  const confirm = async () => {
    const data = cropper.current?.getData(true);
    if (!data) return;
    setBusy(true);
    const done = await onCrop({ x: data.x, y: data.y, width: data.width, height: data.height }, data.rotate);
    setBusy(false);
    if (done) dialog.current?.close();
  };

  return (
    <dialog
      ref={dialog}
      className="dialog crop-dialog"
      aria-labelledby={`crop-title-${asset.id}`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`crop-title-${asset.id}`}>{labels.cropTitle}</h2>
      <p className="crop-dialog__name">{asset.name}</p>
      <div className="crop-dialog__box" style={{ maxWidth: CROP_BOX.width, height: CROP_BOX.height }}>
        <img ref={image} src={asset.thumbnail_url} alt={asset.name} />
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="crop-dialog__tools">
        <button type="button" className="button button--ghost" onClick={() => cropper.current?.rotate(-90)}>
          {labels.rotateLeft}
        </button>
        <button type="button" className="button button--ghost" onClick={() => cropper.current?.rotate(90)}>
          {labels.rotateRight}
        </button>
      </div>
      <div className="crop-dialog__actions">
        <button type="button" className="button" onClick={confirm} disabled={busy} aria-busy={busy}>
          {labels.cropOk}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {labels.cancel}
        </button>
      </div>
    </dialog>
  );
}
