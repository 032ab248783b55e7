import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../core/uploads.ts';
import { fileCountProblem, imageFileProblem } from './image-files.ts';

describe('block image files', () => {
  it.each(['image/jpeg', 'image/png', 'image/gif'])('accepts %s up to 5 MB', (type) => {
    expect(imageFileProblem({ type, size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it.each(['image/webp', 'video/mp4', 'text/plain', ''])('refuses %s', (type) => {
    expect(imageFileProblem({ type, size: 10 })).toEqual({
      kind: 'type',
      message: 'Please select a valid image file (JPEG, PNG, or GIF).',
    });
  });

  it('refuses more than 5 MB with the field message and the alert', () => {
    expect(imageFileProblem({ type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toEqual({
      kind: 'size',
      message: 'File size exceeds 5MB limit',
      alert: 'File is too large. Maximum size is 5MB.',
    });
    expect(MAX_UPLOAD_BYTES).toBe(5_242_880);
  });

  it('keeps to the per-uploader maximum, 0 meaning unlimited', () => {
    expect(fileCountProblem(0, 1, 1)).toBeNull();
    expect(fileCountProblem(1, 1, 1)).toEqual({ kind: 'count', message: 'Maximum 1 file(s) allowed' });
    expect(fileCountProblem(10, 3, 12)).toEqual({ kind: 'count', message: 'Maximum 12 file(s) allowed' });
    expect(fileCountProblem(500, 500, 0)).toBeNull();
  });
});
