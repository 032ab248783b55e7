import type { CapacityEntry, CarrierPanels, Loaded, ProfileBlock, ProfileData } from '../blocks/types.ts';
import type { CustomCss } from '../../core/contracts/companies.ts';
import type { Toast } from '../lib/use-toast.ts';

/**
 * What the editor frame hands each of its tabs: the route's data (the profile as last loaded or
 * saved, the block previews' data, the owner's capacity entries) and the frame's shared notice (it
 * hides itself after 3 seconds).
 */
export interface ProfileEditorContext {
  dotNumber: number;
  profile: ProfileData;
  /** The FMCSA panels, the rating summary and the public capacity board, for block previews. */
  panels: CarrierPanels;
  /** The owner's capacity entries (GET /api/v1/capacity), past ones included. */
  capacity: Loaded<CapacityEntry[]>;
  /** The owner's custom CSS as written, its scoped form and the dropped rules, for the style editor. */
  customCss: Loaded<CustomCss>;
  /** Applies a change the server has accepted to the blocks every tab sees. */
  updateBlocks: (update: (blocks: ProfileBlock[]) => ProfileBlock[]) => void;
  /** Applies saved custom CSS (already sanitised by the server) to the profile every tab sees. */
  updateCss: (css: string) => void;
  /**
   * Reads the route's data again (React Router's revalidation), after a change made outside the
   * route's action whose result is easier re-read.
   */
  reload: () => Promise<void>;
  notify: (toast: Toast) => void;
  /** A tab says whether it holds unsaved changes, so leaving the editor asks first (unsaved-changes.tsx). */
  reportUnsaved: (source: string, unsaved: boolean) => void;
}
