import { useCallback, useEffect, useState } from 'react';
import type { DroppedRule } from '../../../core/sanitize-css.ts';
import type { CustomCss } from '../../../core/contracts/companies.ts';
import { api } from '../../lib/api-client.ts';
import type { ProfileEditorContext } from '../editor-context.ts';
import { DEFAULT_SETTINGS, readVisualSettings, sameSettings, withVisualSettings } from './visual-settings.ts';

/** CSS is generated from the visual settings once they have settled for 300 ms (owner-side section 9). */
export const CSS_GENERATION_DEBOUNCE_MS = 300;

/**
 * The style editor's state. The CSS text is the one source of truth: the visual settings are read
 * from its visual editor section, and a change to them rewrites that section after 300 ms. The stored
 * CSS comes with the route's data (editor.customCss); a revalidation that brings it again replaces
 * the text only when nothing here is unsaved.
 */
export function useCustomCss(editor: ProfileEditorContext) {
  const { dotNumber, updateCss, notify, reportUnsaved } = editor;
  const loaded = editor.customCss.status === 'data' ? editor.customCss.value : null;
  const [stored, setStored] = useState(loaded);
  const [css, setCss] = useState(loaded?.css ?? '');
  const [savedCss, setSavedCss] = useState(loaded?.css ?? '');
  const [settings, setSettings] = useState(() =>
    loaded ? readVisualSettings(loaded.css) : DEFAULT_SETTINGS,
  );
  const [dropped, setDropped] = useState<DroppedRule[]>(loaded?.dropped ?? []);
  const [saving, setSaving] = useState(false);
  const load: 'ready' | 'error' = stored ? 'ready' : 'error';
  const unsaved = load === 'ready' && (css !== savedCss || !sameSettings(settings, readVisualSettings(css)));

  // A failed re-read keeps what is here; a good one is the stored CSS from now on.
  if (loaded && loaded !== stored) {
    setStored(loaded);
    setSavedCss(loaded.css);
    setDropped(loaded.dropped);
    if (!unsaved) {
      setCss(loaded.css);
      setSettings(readVisualSettings(loaded.css));
    }
  }

  const apply = useCallback((result: CustomCss) => {
    setCss(result.css);
    setSavedCss(result.css);
    setSettings(readVisualSettings(result.css));
    setDropped(result.dropped);
  }, []);

  useEffect(() => {
    if (sameSettings(settings, readVisualSettings(css))) return;
    const timer = window.setTimeout(
      () => setCss((current) => withVisualSettings(current, settings)),
      CSS_GENERATION_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [settings, css]);

  useEffect(() => reportUnsaved('style-editor', unsaved), [reportUnsaved, unsaved]);
  useEffect(() => () => reportUnsaved('style-editor', false), [reportUnsaved]);

  /** Typing in the code editor: the visual settings follow the section as typed. */
  const editCode = useCallback((text: string) => {
    setCss(text);
    setSettings(readVisualSettings(text));
  }, []);

  async function store(next: string, success: string) {
    setSaving(true);
    try {
      const result = await api.companies.saveCss({ params: { dotNumber }, body: { css: next } });
      apply(result);
      updateCss(result.scoped_css);
      notify({ kind: 'success', text: success });
    } catch {
      notify({ kind: 'error', text: 'Failed to save CSS changes' });
    } finally {
      setSaving(false);
    }
  }

  return {
    load,
    /** Reads the route's data again (after a failed read). */
    reload: editor.reload,
    css,
    settings,
    dropped,
    saving,
    unsaved,
    editCode,
    setSettings,
    // A visual change still settling is saved too.
    save: () =>
      store(
        sameSettings(settings, readVisualSettings(css)) ? css : withVisualSettings(css, settings),
        'CSS saved successfully!',
      ),
    reset: () => store('', 'CSS reset successful'),
  };
}
