import { css as cssLanguage } from '@codemirror/lang-css';
import { Annotation, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useId, useRef } from 'react';
import { useNonce } from '../../lib/nonce.tsx';

/** Marks the editor's own updates from `value`, so they are not reported back as typing. */
const fromValue = Annotation.define<boolean>();

interface CssCodeEditorProps {
  value: string;
  onChange: (css: string) => void;
}

/**
 * CodeMirror 6 with CSS highlighting. Tab is left to the browser (no indentWithTab), so keyboard
 * users move on with Tab as from any field; Escape closes the completion list first.
 */
export function CssCodeEditor({ value, onChange }: CssCodeEditorProps) {
  const labelId = useId();
  const hintId = useId();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latestOnChange = useRef(onChange);
  const initialValue = useRef(value);
  // CodeMirror styles itself with a <style> element, which the page's policy applies only with the nonce.
  const nonce = useNonce();

  useEffect(() => {
    latestOnChange.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initialValue.current,
        extensions: [
          basicSetup,
          cssLanguage(),
          EditorView.cspNonce.of(nonce),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-labelledby': labelId, 'aria-describedby': hintId }),
          EditorView.updateListener.of((update) => {
            const typed = update.transactions.some((transaction) => !transaction.annotation(fromValue));
            if (update.docChanged && typed) latestOnChange.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [labelId, hintId, nonce]);

  // A theme, a visual setting or a reset changed the CSS: show it.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: value },
      annotations: fromValue.of(true),
    });
  }, [value]);

  return (
    <div className="css-code-editor">
      <p id={labelId} className="css-code-editor__label">
        Custom CSS
      </p>
      <p id={hintId} className="muted">
        Your CSS styles only your profile. Tab moves on to the next control (it does not indent here).
      </p>
      <div ref={host} className="css-code-editor__host" />
    </div>
  );
}
