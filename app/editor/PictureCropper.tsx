import { useEffect, useId, useState } from 'react';
import Cropper from 'react-easy-crop';
import {
  CROP_SPECS,
  CROPPER_START_DELAY_MS,
  cropToJpeg,
  rotateBy,
  type CropArea,
  type PictureKind,
} from './crop-geometry.ts';
import { useNonce } from '../lib/nonce.tsx';

interface PictureCropperProps {
  /** The chosen file as a blob: URL. */
  imageUrl: string;
  kind: PictureKind;
  onCropped: (jpeg: Blob) => void;
  onCancel: () => void;
}

const MIN_ZOOM = 1;
const MAX_ZOOM = 3;

/**
 * Crops a chosen profile (square) or header (4:1) picture: drag to position, a zoom slider, rotate
 * left and right, then 'Crop' draws the spec's output size as JPEG. react-easy-crop injects its own
 * <style> element, given the document's nonce: the page's policy applies no <style> without it.
 */
export function PictureCropper({ imageUrl, kind, onCropped, onCancel }: PictureCropperProps) {
  const spec = CROP_SPECS[kind];
  const [started, setStarted] = useState(false);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<CropArea | null>(null);
  const [cropping, setCropping] = useState(false);
  const zoomId = useId();
  const headingId = useId();
  const nonce = useNonce();

  // The spec starts the cropper after 250 ms, once the area it measures has its final size.
  useEffect(() => {
    const timer = window.setTimeout(() => setStarted(true), CROPPER_START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  async function finish() {
    if (!area) return;
    setCropping(true);
    try {
      onCropped(await cropToJpeg(imageUrl, area, rotation, spec));
    } finally {
      setCropping(false);
    }
  }

  return (
    <section className="picture-cropper" aria-labelledby={headingId}>
      <h4 id={headingId}>Crop the {kind === 'profile' ? 'profile picture' : 'header image'}</h4>
      <p className="muted">
        Drag the image to position it. The {kind === 'profile' ? 'square' : '4:1'} frame is saved as a{' '}
        {spec.output.width}x{spec.output.height} JPEG.
      </p>
      <div
        className="picture-cropper__area"
        style={{ width: spec.boundary.width, height: spec.boundary.height }}
      >
        {started ? (
          <Cropper
            image={imageUrl}
            aspect={spec.aspect}
            crop={crop}
            zoom={zoom}
            rotation={rotation}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onRotationChange={setRotation}
            onCropComplete={(_area, pixels) => setArea(pixels)}
            mediaProps={{ alt: 'Picture being cropped' }}
            nonce={nonce}
          />
        ) : (
          <p role="status" className="picture-cropper__starting">
            Preparing the cropper...
          </p>
        )}
      </div>
      <div className="picture-cropper__controls">
        <div className="form-field">
          <label htmlFor={zoomId}>Zoom</label>
          <input
            id={zoomId}
            type="range"
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.1}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
          />
        </div>
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setRotation(rotateBy(rotation, -90))}
          >
            Rotate left
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setRotation(rotateBy(rotation, 90))}
          >
            Rotate right
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!area || cropping}
            onClick={() => void finish()}
          >
            Crop
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </section>
  );
}
