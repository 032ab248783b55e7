import { useDeferredValue, useMemo } from 'react';
import { BlockGrid } from '../../blocks/BlockGrid.tsx';
import { BlockView } from '../../blocks/BlockView.tsx';
import { ProfileHeader } from '../../blocks/ProfileHeader.tsx';
import type { CarrierPanels, ProfileData } from '../../blocks/types.ts';
import { useNonce } from '../../lib/nonce.tsx';
import { PROFILE_ROOT_SELECTOR, sanitizeCustomCss } from '../../../core/sanitize-css.ts';

interface StylePreviewProps {
  profile: ProfileData | null;
  panels: CarrierPanels | null;
  css: string;
}

const ROOT_ID = PROFILE_ROOT_SELECTOR.slice(1);

/**
 * The real profile (header, rows, blocks) under the same root element as the public page, styled by
 * the CSS being edited after the server's own sanitiser has scoped it: the editor page never gets
 * unscoped CSS, and what the preview shows is what visitors will see. The frame contains the paint
 * of the preview, so even `position: fixed` stays inside it.
 */
export function StylePreview({ profile, panels, css }: StylePreviewProps) {
  const deferredCss = useDeferredValue(css);
  const scoped = useMemo(() => sanitizeCustomCss(deferredCss).css, [deferredCss]);
  const nonce = useNonce();
  if (!profile || !panels) {
    return (
      <p className="alert alert--error" role="alert">
        Could not load profile data for preview.
      </p>
    );
  }
  return (
    <div className="style-preview">
      <div className="profile" id={ROOT_ID}>
        {scoped ? <style nonce={nonce}>{scoped}</style> : null}
        <ProfileHeader profile={profile} />
        <div className="page">
          <BlockGrid
            blocks={profile.blocks}
            renderBlock={(block) => <BlockView block={block} panels={panels} isOwner={false} />}
          />
        </div>
      </div>
    </div>
  );
}
