import { useId } from 'react';
import { ColourField } from './ColourField.tsx';
import { QUICK_THEMES } from './themes.ts';
import { COLOUR_SETTINGS, FONT_OPTIONS, type VisualSettings } from './visual-settings.ts';

interface VisualEditorProps {
  settings: VisualSettings;
  onChange: (update: (settings: VisualSettings) => VisualSettings) => void;
}

/** Quick themes, the profile's main colours and a font from a short list of fonts everyone has. */
export function VisualEditor({ settings, onChange }: VisualEditorProps) {
  const themesId = useId();
  const fontId = useId();
  return (
    <div className="visual-editor">
      <div role="group" aria-labelledby={themesId} className="quick-themes">
        <h3 id={themesId}>Quick themes</h3>
        <div className="button-row">
          {QUICK_THEMES.map((theme) => (
            <button
              key={theme.name}
              type="button"
              className="button button--secondary button--small"
              onClick={() => onChange(() => ({ ...theme.settings }))}
            >
              {theme.name}
            </button>
          ))}
        </div>
      </div>
      <div className="visual-editor__fields">
        {COLOUR_SETTINGS.map(({ key, label }) => (
          <ColourField
            key={key}
            label={label}
            value={settings[key]}
            onChange={(colour) => onChange((current) => ({ ...current, [key]: colour }))}
          />
        ))}
        <div className="colour-field">
          <label htmlFor={fontId}>Font</label>
          <select
            id={fontId}
            value={settings.font}
            onChange={(event) => {
              const font = FONT_OPTIONS.find((option) => option.key === event.target.value)?.key ?? '';
              onChange((current) => ({ ...current, font }));
            }}
          >
            <option value="">Default</option>
            {FONT_OPTIONS.map((option) => (
              <option key={option.key} value={option.key}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
