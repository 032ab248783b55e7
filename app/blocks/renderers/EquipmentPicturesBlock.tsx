import { useRef, useState, type MouseEvent } from 'react';
import type { BlockAsset } from '../types.ts';
import { BlockImage } from './BlockImage.tsx';
import { LIGHTBOX_SIZES, lightboxTitle } from './equipment-lightbox.ts';

/** The grid's 1, 2 or 3 columns (app.css, .equipment-grid); never wider than a third of 1200 px beyond. */
const THUMBNAIL_SIZES = '(max-width: 599px) 100vw, (max-width: 999px) 50vw, 400px';

/**
 * Equipment photos: a grid of 1, 2 or 3 columns by screen width; a thumbnail opens the full image in a
 * dialog titled with its alt text, closed by the close button, Escape or a click outside the image.
 * The public profile is not hydrated: there app/islands/lightbox.ts opens the server-rendered dialog.
 */
export function EquipmentPicturesBlock({ assets }: { assets: BlockAsset[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<BlockAsset | null>(null);

  function show(asset: BlockAsset) {
    setOpen(asset);
    dialog.current?.showModal();
  }

  function close() {
    dialog.current?.close();
  }

  function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>) {
    // A click on the dialog element itself (not its content) is a click on the backdrop.
    if (event.target === event.currentTarget) close();
  }

  if (assets.length === 0) return <p className="muted">No equipment pictures yet.</p>;
  return (
    <>
      <ul className="equipment-grid">
        {assets.map((asset) => (
          <li key={asset.id}>
            <button
              type="button"
              className="equipment-thumb"
              onClick={() => show(asset)}
              aria-label={`Enlarge ${asset.alt_text || 'equipment photo'}`}
              data-lightbox-title={lightboxTitle(asset.alt_text)}
            >
              <BlockImage asset={asset} emptyText="No Image" sizes={THUMBNAIL_SIZES} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        className="lightbox"
        aria-labelledby="lightbox-title"
        onClick={closeOnBackdrop}
        // The close event comes a task after the closing: if the picture was opened again meanwhile,
        // the dialog is open and keeps it.
        onClose={() => {
          if (!dialog.current?.open) setOpen(null);
        }}
      >
        {open ? (
          <div className="lightbox__content">
            <div className="lightbox__bar">
              <h3 id="lightbox-title">{lightboxTitle(open.alt_text)}</h3>
              <button type="button" className="button button--secondary button--small" onClick={close}>
                Close
              </button>
            </div>
            <BlockImage
              asset={open}
              emptyText="No Image"
              sizes={LIGHTBOX_SIZES}
              className="lightbox__image"
            />
          </div>
        ) : null}
      </dialog>
    </>
  );
}
