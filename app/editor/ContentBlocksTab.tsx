import { AddBlockMenu } from './AddBlockMenu.tsx';
import { BlockList } from './BlockList.tsx';
import { CapacityManager } from './CapacityManager.tsx';
import type { ProfileEditorContext } from './editor-context.ts';

/**
 * The Content Blocks tab (owner-side sections 2.1 and 2.5): the blocks with their previews, the
 * chooser that adds one, and the capacity board. A capacity change goes through the route's action,
 * whose revalidation reads the public board again, so the Capacity Board block shows what visitors
 * will see.
 */
export function ContentBlocksTab({ editor }: { editor: ProfileEditorContext }) {
  return (
    <div className="content-blocks">
      <section className="content-blocks__blocks" aria-labelledby="content-blocks-heading">
        <div className="content-blocks__heading">
          <h2 id="content-blocks-heading">Content Blocks</h2>
          <AddBlockMenu editor={editor} />
        </div>
        <BlockList editor={editor} panels={editor.panels} />
      </section>
      <CapacityManager editor={editor} />
    </div>
  );
}
