import { describe, expect, it } from 'vitest';
import { CROP_SPECS, pictureKindOf, rotateBy, rotatedSize } from './crop-geometry.ts';

describe('crop specs', () => {
  it('crop the profile picture square to 300x300 and the header 4:1 to 600x150', () => {
    for (const spec of Object.values(CROP_SPECS)) {
      expect(spec.output.width / spec.output.height).toBe(spec.aspect);
    }
    expect(CROP_SPECS.profile).toMatchObject({ aspect: 1, output: { width: 300, height: 300 } });
    expect(CROP_SPECS.header).toMatchObject({ aspect: 4, output: { width: 600, height: 150 } });
    expect(CROP_SPECS.profile.boundary.width).toBe(350);
    expect(CROP_SPECS.header.boundary.width).toBe(650);
    expect(pictureKindOf('profile_picture')).toBe('profile');
    expect(pictureKindOf('header_picture')).toBe('header');
    expect(pictureKindOf('equipment_pictures')).toBeNull();
  });
});

describe('rotation', () => {
  it('turns in quarter steps within 0-359', () => {
    expect(rotateBy(0, 90)).toBe(90);
    expect(rotateBy(0, -90)).toBe(270);
    expect(rotateBy(270, 90)).toBe(0);
  });

  it('gives the box of the rotated image', () => {
    expect(rotatedSize(400, 200, 0)).toEqual({ width: 400, height: 200 });
    expect(rotatedSize(400, 200, 90)).toEqual({ width: 200, height: 400 });
    expect(rotatedSize(400, 200, 180)).toEqual({ width: 400, height: 200 });
    expect(rotatedSize(100, 100, 45)).toEqual({ width: 141, height: 141 });
  });
});
