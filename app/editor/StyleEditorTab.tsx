import { useId, useState } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { Tabs, type TabDefinition } from '../components/Tabs.tsx';
import type { ProfileEditorContext } from './editor-context.ts';
import { CssCodeEditor } from './style/CssCodeEditor.tsx';
import { DroppedRules } from './style/DroppedRules.tsx';
import { StylePreview } from './style/StylePreview.tsx';
import { useCustomCss } from './style/use-custom-css.ts';
import { VisualEditor } from './style/VisualEditor.tsx';

type StyleMode = 'visual' | 'code';
const STYLE_MODES: TabDefinition<StyleMode>[] = [
  { key: 'visual', label: 'Visual Editor' },
  { key: 'code', label: 'Code Editor' },
];

/**
 * The Style Editor tab (owner-side section 2.1): a visual editor and a CSS code editor over the same
 * CSS, quick themes, a live preview of the real profile, save and reset.
 */
export function StyleEditorTab({ editor }: { editor: ProfileEditorContext }) {
  const style = useCustomCss(editor);
  const [mode, setMode] = useState<StyleMode>('visual');
  const [showPreview, setShowPreview] = useState(true);
  const [confirmReset, setConfirmReset] = useState(false);
  const previewId = useId();

  if (style.load === 'error') {
    return (
      <div>
        <StylePreview profile={null} panels={null} css="" />
        <button type="button" className="button button--secondary" onClick={() => void style.reload()}>
          Try Again
        </button>
      </div>
    );
  }
  return (
    <div className="style-editor">
      <Tabs
        label="Style editor mode"
        tabs={STYLE_MODES}
        selected={mode}
        onSelect={setMode}
        keepMounted
        renderPanel={(key) =>
          key === 'visual' ? (
            <VisualEditor settings={style.settings} onChange={style.setSettings} />
          ) : (
            <CssCodeEditor value={style.css} onChange={style.editCode} />
          )
        }
      />
      <DroppedRules dropped={style.dropped} />
      <div className="style-editor__actions">
        <p className="grid-editor__unsaved" aria-live="polite">
          {style.unsaved ? 'You have unsaved changes' : ''}
        </p>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={showPreview}
          aria-controls={previewId}
          onClick={() => setShowPreview((shown) => !shown)}
        >
          {showPreview ? 'Hide Preview' : 'Show Preview'}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={style.saving}
          onClick={() => setConfirmReset(true)}
        >
          Reset
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={style.saving}
          onClick={() => void style.save()}
        >
          {style.saving ? 'Saving...' : 'Save CSS'}
        </button>
      </div>
      <section
        id={previewId}
        hidden={!showPreview}
        aria-label="Live preview"
        className="style-editor__preview"
      >
        <h3>Live preview</h3>
        <StylePreview profile={editor.profile} panels={editor.panels} css={style.css} />
      </section>
      <ConfirmDialog
        open={confirmReset}
        title="Reset custom CSS?"
        message="This removes all custom CSS and visual editor settings from your profile."
        confirmLabel="Reset CSS"
        danger
        onConfirm={() => {
          setConfirmReset(false);
          void style.reset();
        }}
        onCancel={() => setConfirmReset(false)}
      />
    </div>
  );
}
