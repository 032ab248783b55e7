import type { CarrierPanels, ProfileBlock, ProfileData } from '../blocks/types';
import type { Toast } from '../lib/use-toast';

/**
 * What the editor frame hands each of its tabs: the profile as last loaded or saved, the data the
 * block previews show, and the frame's shared notice (it hides itself after 3 seconds).
 */
export interface ProfileEditorContext {
  dotNumber: number;
  profile: ProfileData;
  /** The FMCSA panels and the rating summary, for block previews. */
  panels: CarrierPanels;
  /** Applies a change the server has accepted to the blocks every tab sees. */
  updateBlocks: (update: (blocks: ProfileBlock[]) => ProfileBlock[]) => void;
  /** Applies saved custom CSS (already sanitised by the server) to the profile every tab sees. */
  updateCss: (css: string) => void;
  /** Loads the profile again from the server (after a change whose result is easier re-read). */
  reload: () => Promise<void>;
  notify: (toast: Toast) => void;
  /** A tab says whether it holds unsaved changes, so leaving the editor asks first (unsaved-changes.tsx). */
  reportUnsaved: (source: string, unsaved: boolean) => void;
}
