import { useState } from 'react';
import { tempAsset, type DraftAsset } from './block-draft.ts';
import type { PictureKind } from './crop-geometry.ts';
import { ImageFileInput } from './ImageFileInput.tsx';
import { PictureCropper } from './PictureCropper.tsx';

interface PictureEditorProps {
  kind: PictureKind;
  asset: DraftAsset | undefined;
  /** Replaces the picture with a cropped temporary one. */
  onReplace: (asset: DraftAsset) => void;
  /** Removes the picture; the caller asks first when a stored picture would be deleted. */
  onRemove: () => void;
}

/** The profile or header picture: choose a file, crop it, and keep the crop until 'Save Changes'. */
export function PictureEditor({ kind, asset, onReplace, onRemove }: PictureEditorProps) {
  const [source, setSource] = useState<string | null>(null);
  const name = kind === 'profile' ? 'profile picture' : 'header image';

  function discardSource() {
    if (source) URL.revokeObjectURL(source);
    setSource(null);
  }

  function cropped(jpeg: Blob) {
    discardSource();
    const file = new File([jpeg], `${kind}-picture.jpg`, { type: 'image/jpeg' });
    onReplace(tempAsset(file, kind === 'profile' ? 'Profile picture' : 'Header image'));
  }

  return (
    <div className="picture-editor">
      <ImageFileInput
        label={asset ? `Replace the ${name}` : `Choose a ${name}`}
        multiple={false}
        present={0}
        limit={1}
        onFiles={([file]) => {
          if (!file) return;
          discardSource();
          setSource(URL.createObjectURL(file));
        }}
      />
      {source ? (
        <PictureCropper imageUrl={source} kind={kind} onCropped={cropped} onCancel={discardSource} />
      ) : null}
      {asset && !source ? (
        <p className="picture-editor__status">
          {asset.isTemp ? 'New picture cropped: it is uploaded when you save.' : 'A picture is saved.'}{' '}
          <button type="button" className="link-button" onClick={onRemove}>
            Remove the {name}
          </button>
        </p>
      ) : null}
    </div>
  );
}
