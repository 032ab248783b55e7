import { useId } from 'react';
import { BlockImage } from '../blocks/renderers/BlockImage.tsx';
import { altTextFromFileName, tempAsset, type DraftAsset } from './block-draft.ts';
import { ImageFileInput } from './ImageFileInput.tsx';

interface ImageUploaderProps {
  assets: DraftAsset[];
  limit: number;
  onChange: (assets: DraftAsset[]) => void;
  /** A stored image is deleted on the server after the owner confirms; the caller asks. */
  onDeleteStored: (asset: DraftAsset) => void;
}

/**
 * The images of a block such as the equipment photos: new files appear at once as temporary previews
 * with their alt text, and are uploaded when the block is saved.
 */
export function ImageUploader({ assets, limit, onChange, onDeleteStored }: ImageUploaderProps) {
  const baseId = useId();

  function add(files: File[]) {
    onChange([...assets, ...files.map((file) => tempAsset(file, altTextFromFileName(file.name)))]);
  }

  function removeTemp(asset: DraftAsset) {
    URL.revokeObjectURL(asset.url);
    onChange(assets.filter((item) => item.id !== asset.id));
  }

  function setAltText(asset: DraftAsset, altText: string) {
    onChange(assets.map((item) => (item.id === asset.id ? { ...item, alt_text: altText } : item)));
  }

  return (
    <div className="image-uploader">
      <ImageFileInput label="Add images" multiple present={assets.length} limit={limit} onFiles={add} />
      {assets.length > 0 ? (
        <ul className="image-uploader__list">
          {assets.map((asset, index) => (
            <li key={asset.id} className="image-uploader__item">
              <BlockImage asset={asset} emptyText="No Image" sizes="96px" className="image-uploader__thumb" />
              {asset.isTemp ? (
                <>
                  <div className="form-field">
                    <label htmlFor={`${baseId}-alt-${asset.id}`}>Alt text for image {index + 1}</label>
                    <input
                      id={`${baseId}-alt-${asset.id}`}
                      value={asset.alt_text}
                      maxLength={200}
                      onChange={(event) => setAltText(asset, event.target.value)}
                    />
                  </div>
                  <p className="muted">Not uploaded yet: saved with the block.</p>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => removeTemp(asset)}
                  >
                    Remove<span className="visually-hidden"> image {index + 1}</span>
                  </button>
                </>
              ) : (
                <>
                  <p>{asset.alt_text || <span className="muted">No alt text</span>}</p>
                  <button
                    type="button"
                    className="button button--danger button--small"
                    onClick={() => onDeleteStored(asset)}
                  >
                    Delete<span className="visually-hidden"> image {index + 1}</span>
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
