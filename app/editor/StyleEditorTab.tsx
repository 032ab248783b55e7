import type { ProfileEditorContext } from './editor-context';

// Built by the profile editor issues (7 and 8); until then the tab says so plainly.
export function StyleEditorTab({ editor }: { editor: ProfileEditorContext }) {
  return <p className="muted">This tab of the editor for DOT {editor.dotNumber} is not available yet.</p>;
}
