import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes the five characters HTML reads as markup, as React does, and leaves the rest', () => {
    expect(escapeHtml(`<a href="x">O'Neil & Sons</a> — 5 > 3`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;O&#x27;Neil &amp; Sons&lt;/a&gt; — 5 &gt; 3',
    );
  });
});
