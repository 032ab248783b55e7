import { useCallback, useMemo, useState } from 'react';
import type { CapacityEntry, CarrierPanels } from '../blocks/types';
import { apiRequest } from '../lib/api-client';
import { AddBlockMenu } from './AddBlockMenu';
import { BlockList } from './BlockList';
import { CapacityManager } from './CapacityManager';
import type { ProfileEditorContext } from './editor-context';

/**
 * The Content Blocks tab (owner-side sections 2.1 and 2.5): the blocks with their previews, the
 * chooser that adds one, and the capacity board. The capacity preview is re-read from the public
 * board after each change, so the Capacity Board block shows what visitors will see.
 */
export function ContentBlocksTab({ editor }: { editor: ProfileEditorContext }) {
  const [capacity, setCapacity] = useState<CarrierPanels['capacity'] | null>(null);
  const panels = useMemo(
    () => (capacity ? { ...editor.panels, capacity } : editor.panels),
    [editor.panels, capacity],
  );

  const refreshCapacityPreview = useCallback(async () => {
    try {
      const entries = await apiRequest<CapacityEntry[]>(`/api/v1/capacity/public/${editor.dotNumber}`);
      setCapacity({ status: 'data', value: entries });
    } catch {
      setCapacity({ status: 'error' });
    }
  }, [editor.dotNumber]);

  return (
    <div className="content-blocks">
      <section className="content-blocks__blocks" aria-labelledby="content-blocks-heading">
        <div className="content-blocks__heading">
          <h2 id="content-blocks-heading">Content Blocks</h2>
          <AddBlockMenu editor={editor} />
        </div>
        <BlockList editor={editor} panels={panels} />
      </section>
      <CapacityManager editor={editor} onChanged={() => void refreshCapacityPreview()} />
    </div>
  );
}
