import { LIGHTBOX_SIZES } from '../blocks/renderers/equipment-lightbox.ts';
import { h } from './dom.ts';

/**
 * The lightbox's image: a copy of the thumbnail's (the same copies of the photo), sized for the dialog
 * and loaded at once; the thumbnail's placeholder when it has no image.
 */
function enlarged(thumb: HTMLElement): Node | null {
  const shown = thumb.querySelector('picture, img, .image-placeholder');
  if (!shown) return null;
  const copy = shown.cloneNode(true) as HTMLElement;
  const image = copy instanceof HTMLImageElement ? copy : copy.querySelector('img');
  if (!image) {
    copy.classList.add('lightbox__image');
    return copy;
  }
  for (const source of copy.querySelectorAll('source')) source.sizes = LIGHTBOX_SIZES;
  if (image.srcset) image.sizes = LIGHTBOX_SIZES;
  image.className = 'lightbox__image';
  image.loading = 'eager';
  image.removeAttribute('decoding');
  return copy;
}

/**
 * Equipment photos of a public profile (server-rendered by EquipmentPicturesBlock.tsx): a thumbnail
 * opens its photo in the block's dialog, titled with its alt text; the Close button, Escape (the
 * dialog's own) or a click outside the photo closes it.
 */
export function enhanceLightboxes(): void {
  for (const dialog of document.querySelectorAll<HTMLDialogElement>('dialog.lightbox')) {
    const grid = dialog.previousElementSibling;
    grid?.addEventListener('click', (event) => {
      const thumb = (event.target as Element).closest<HTMLElement>('.equipment-thumb');
      if (!thumb) return;
      const close = h('button', { type: 'button', class: 'button button--secondary button--small' }, 'Close');
      close.addEventListener('click', () => dialog.close());
      const title = h('h3', { id: 'lightbox-title' }, thumb.dataset.lightboxTitle ?? '');
      const image = enlarged(thumb);
      dialog.replaceChildren(
        h(
          'div',
          { class: 'lightbox__content' },
          h('div', { class: 'lightbox__bar' }, title, close),
          ...(image ? [image] : []),
        ),
      );
      dialog.showModal();
    });
    // A click on the dialog element itself (not its content) is a click on the backdrop.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
  }
}
