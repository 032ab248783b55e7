/**
 * What a colour's text field does when the owner leaves it or presses Enter (owner-side section 2.1:
 * it accepts empty, 3 or 6 hex digits, or any text starting with #):
 * - empty: the colour is cleared, so the profile's default shows;
 * - 3 or 6 hex digits, with or without '#': applied, written as #rrggbb (what the colour picker takes);
 * - other text starting with '#': kept in the field and marked invalid, but not applied, so a
 *   half-typed value is neither lost nor put into the CSS;
 * - anything else: not accepted; the field goes back to the colour in use.
 */
export type ColourEntry =
  { kind: 'clear' } | { kind: 'apply'; colour: string } | { kind: 'invalid' } | { kind: 'rejected' };

const HEX_COLOUR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function readColourEntry(text: string): ColourEntry {
  const value = text.trim();
  if (value === '') return { kind: 'clear' };
  const hex = HEX_COLOUR.exec(value)?.[1];
  if (hex) {
    const digits = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return { kind: 'apply', colour: `#${digits.toLowerCase()}` };
  }
  return value.startsWith('#') ? { kind: 'invalid' } : { kind: 'rejected' };
}

/** A colour the visual editor may put into CSS: exactly #rrggbb. */
export function isAppliedColour(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/.test(value);
}
