/**
 * Facts of the equipment photos' lightbox that its React renderer (EquipmentPicturesBlock.tsx, the
 * editor's previews) and the public profile's island (app/islands/lightbox.ts) share.
 */

/** The dialog's image: at most 92% of the viewport and 1100 px. */
export const LIGHTBOX_SIZES = '(max-width: 1195px) 92vw, 1100px';

/** The dialog's title: the photo's alt text. */
export function lightboxTitle(altText: string): string {
  return altText || 'Equipment photo';
}
