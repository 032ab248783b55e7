// Rules for the images a block may take (owner-side sections 5 and 9).
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '../../core/uploads.ts';

export const BLOCK_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

export const INVALID_IMAGE_MESSAGE = 'Please select a valid image file (JPEG, PNG, or GIF).';
/** Announced as an alert at the same time. */
export const FILE_TOO_LARGE_ALERT = 'File is too large. Maximum size is 5MB.';

export function maxFilesMessage(limit: number): string {
  return `Maximum ${limit} file(s) allowed`;
}

export type ImageFileProblem =
  | { kind: 'type'; message: string }
  | { kind: 'size'; message: string; alert: string }
  | { kind: 'count'; message: string };

/** Why a chosen file cannot be a block image, or null when it can. The server checks the content again. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): ImageFileProblem | null {
  if (!(BLOCK_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return { kind: 'type', message: INVALID_IMAGE_MESSAGE };
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return { kind: 'size', message: FILE_TOO_LARGE_MESSAGE, alert: FILE_TOO_LARGE_ALERT };
  }
  return null;
}

/** Whether adding `adding` files to `present` ones stays within an uploader's limit (0 is unlimited). */
export function fileCountProblem(present: number, adding: number, limit: number): ImageFileProblem | null {
  if (limit > 0 && present + adding > limit) return { kind: 'count', message: maxFilesMessage(limit) };
  return null;
}
