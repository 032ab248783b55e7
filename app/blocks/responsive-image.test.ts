import { describe, expect, it } from 'vitest';
import { imagePreload, imageSources } from './responsive-image.ts';

const copy = (name: string, width: number, content_type: string) => ({
  url: `/media/${name}`,
  content_type,
  width,
  height: width / 2,
});

describe('imageSources', () => {
  it('lists the WebP copies for the <source> and the own-format copies with the original for the <img>', () => {
    const sources = imageSources({
      url: '/media/o.jpg',
      width: 1600,
      height: 800,
      variants: [
        copy('a.jpg', 320, 'image/jpeg'),
        copy('a.webp', 320, 'image/webp'),
        copy('b.jpg', 640, 'image/jpeg'),
        copy('b.webp', 640, 'image/webp'),
        copy('c.webp', 1600, 'image/webp'),
      ],
    });
    expect(sources).toEqual({
      src: '/media/o.jpg',
      srcSet: '/media/a.jpg 320w, /media/b.jpg 640w, /media/o.jpg 1600w',
      webpSrcSet: '/media/a.webp 320w, /media/b.webp 640w, /media/c.webp 1600w',
      width: 1600,
      height: 800,
    });
    expect(imagePreload(sources, '100vw')).toEqual({
      tagName: 'link',
      rel: 'preload',
      as: 'image',
      fetchPriority: 'high',
      imageSrcSet: sources.webpSrcSet,
      imageSizes: '100vw',
      type: 'image/webp',
    });
  });

  it('needs no <source> for a WebP original', () => {
    expect(
      imageSources({
        url: '/media/o.webp',
        width: 700,
        height: 350,
        variants: [copy('a.webp', 320, 'image/webp')],
      }),
    ).toEqual({
      src: '/media/o.webp',
      srcSet: '/media/a.webp 320w, /media/o.webp 700w',
      width: 700,
      height: 350,
    });
  });

  it('shows an image stored before copies were made from its original alone', () => {
    const sources = imageSources({ url: '/media/old.png', width: null, height: null, variants: [] });
    expect(sources).toEqual({ src: '/media/old.png' });
    // A plain high-priority <img>: React preloads it by itself.
    expect(imagePreload(sources, '100vw')).toBeNull();
  });
});
