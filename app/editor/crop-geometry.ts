// The picture crops (owner-side sections 4 and 9): sizes, and the maths of drawing a rotated crop.

export type PictureKind = 'profile' | 'header';

export interface CropSpec {
  /** Width over height of the crop frame. */
  aspect: number;
  /** The JPEG drawn from the crop. */
  output: { width: number; height: number };
  /** The cropping area on screen, in CSS pixels: the spec fixes its width; the height leaves room to move. */
  boundary: { width: number; height: number };
}

export const CROP_SPECS: Readonly<Record<PictureKind, CropSpec>> = {
  profile: { aspect: 1, output: { width: 300, height: 300 }, boundary: { width: 350, height: 350 } },
  header: { aspect: 4, output: { width: 600, height: 150 }, boundary: { width: 650, height: 260 } },
};

/** The spec's delay before the cropper starts (it measures its box once the dialog has laid out). */
export const CROPPER_START_DELAY_MS = 250;

export function pictureKindOf(blockType: string): PictureKind | null {
  if (blockType === 'profile_picture') return 'profile';
  if (blockType === 'header_picture') return 'header';
  return null;
}

/** Rotation steps of the rotate buttons, kept in 0-359. */
export function rotateBy(rotation: number, degrees: number): number {
  return (((rotation + degrees) % 360) + 360) % 360;
}

/**
 * The box a width x height image fills once rotated: the cropper reports its crop in this box's
 * pixels, so the image is drawn rotated into a canvas of this size before the crop is cut out.
 */
export function rotatedSize(
  width: number,
  height: number,
  degrees: number,
): { width: number; height: number } {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  // Rounded so right angles give exact sizes despite floating-point sines.
  return {
    width: Math.round(width * cos + height * sin),
    height: Math.round(width * sin + height * cos),
  };
}

/** A crop in the rotated image's pixels, as the cropper reports it. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Draws the crop of an image, rotated as the owner turned it, at the spec's output size, and encodes
 * it as JPEG (browser only: it needs a canvas).
 */
export async function cropToJpeg(
  imageUrl: string,
  area: CropArea,
  rotation: number,
  spec: CropSpec,
): Promise<Blob> {
  const image = new Image();
  image.src = imageUrl;
  await image.decode();
  const box = rotatedSize(image.naturalWidth, image.naturalHeight, rotation);
  const rotated = document.createElement('canvas');
  rotated.width = box.width;
  rotated.height = box.height;
  const rotatedContext = rotated.getContext('2d');
  if (!rotatedContext) throw new Error('Canvas is not available');
  rotatedContext.translate(box.width / 2, box.height / 2);
  rotatedContext.rotate((rotation * Math.PI) / 180);
  rotatedContext.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);

  const output = document.createElement('canvas');
  output.width = spec.output.width;
  output.height = spec.output.height;
  const outputContext = output.getContext('2d');
  if (!outputContext) throw new Error('Canvas is not available');
  // JPEG has no transparency: fill first so transparent PNG areas turn white, not black.
  outputContext.fillStyle = '#ffffff';
  outputContext.fillRect(0, 0, output.width, output.height);
  outputContext.drawImage(
    rotated,
    area.x,
    area.y,
    area.width,
    area.height,
    0,
    0,
    output.width,
    output.height,
  );
  return new Promise((resolve, reject) =>
    output.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the crop'))),
      'image/jpeg',
      0.9,
    ),
  );
}
