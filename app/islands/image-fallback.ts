/** An image that failed: the placeholder BlockImage renders after a failure, in the image's place. */
function replaceFailed(image: HTMLImageElement): void {
  const placeholder = document.createElement('div');
  placeholder.className = `image-placeholder ${image.className}`.trim();
  placeholder.textContent = 'Image Failed to Load';
  (image.closest('picture') ?? image).replaceWith(placeholder);
}

/**
 * Block images of a public page (marked `data-falls-back` by BlockImage.tsx) that fail to load show
 * 'Image Failed to Load' (spec: public-side section 2), whether they failed before this script ran or
 * fail later (a lazy one, the lightbox's).
 */
export function enhanceImageFallbacks(): void {
  // Load errors do not bubble, but they pass the document on their way down.
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement && event.target.matches('[data-falls-back]'))
        replaceFailed(event.target);
    },
    true,
  );
  for (const image of document.querySelectorAll<HTMLImageElement>('img[data-falls-back]')) {
    if (image.complete && image.naturalWidth === 0) replaceFailed(image);
  }
}
