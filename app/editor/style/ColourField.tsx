import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { readColourEntry } from './colour-input.ts';
import { useDebouncedCallback } from './use-debounced-callback.ts';

/** Style changes settle for 100 ms before they apply (owner-side section 9). */
export const STYLE_DEBOUNCE_MS = 100;

/** What the colour picker shows while a colour is unset (the native picker cannot be empty). */
const PICKER_FALLBACK = '#ffffff';

interface ColourFieldProps {
  label: string;
  /** The colour in use: '' (the default) or #rrggbb. */
  value: string;
  onChange: (colour: string) => void;
}

/**
 * A colour as a native picker plus a text field. The text applies on blur or Enter by the rules of
 * readColourEntry: an invalid '#…' value stays in the field, marked invalid, and is not applied.
 */
export function ColourField({ label, value, onChange }: ColourFieldProps) {
  const textId = useId();
  const errorId = useId();
  const [text, setText] = useState(value);
  const [invalid, setInvalid] = useState(false);
  const applyLater = useDebouncedCallback(onChange, STYLE_DEBOUNCE_MS);

  // A theme or the code editor changed the colour: show it.
  useEffect(() => {
    setText(value);
    setInvalid(false);
  }, [value]);

  function commit() {
    const entry = readColourEntry(text);
    setInvalid(entry.kind === 'invalid');
    if (entry.kind === 'clear') applyLater('');
    else if (entry.kind === 'apply') {
      setText(entry.colour);
      applyLater(entry.colour);
    } else if (entry.kind === 'rejected') setText(value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  }

  return (
    <div className="colour-field">
      <label htmlFor={textId}>{label}</label>
      <div className="colour-field__inputs">
        <input
          type="color"
          aria-label={`Pick ${label.toLowerCase()}`}
          value={/^#[0-9a-f]{6}$/.test(text) ? text : value || PICKER_FALLBACK}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
            applyLater(event.target.value);
          }}
        />
        <input
          id={textId}
          type="text"
          className="colour-field__text"
          value={text}
          placeholder="Default"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
      </div>
      {invalid ? (
        <p id={errorId} className="colour-field__error">
          Not applied: enter a colour as #rgb or #rrggbb, or leave it empty for the default.
        </p>
      ) : null}
    </div>
  );
}
