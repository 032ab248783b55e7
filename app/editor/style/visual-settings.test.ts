import { describe, expect, it } from 'vitest';
import { sanitizeCustomCss } from '../../../core/sanitize-css.ts';
import { QUICK_THEMES } from './themes.ts';
import {
  DEFAULT_SETTINGS,
  readVisualSettings,
  sameSettings,
  visualCss,
  withVisualSettings,
  type VisualSettings,
} from './visual-settings.ts';

const some: VisualSettings = {
  ...DEFAULT_SETTINGS,
  pageBackground: '#f0f4f8',
  titleText: '#1e3a8a',
  borderColour: '#bfdbfe',
  font: 'georgia',
};

describe('CSS from the visual settings', () => {
  it('writes rules for the profile’s class names, only for the settings that are set', () => {
    expect(visualCss(some)).toBe(
      [
        '/* Visual editor: {"pageBackground":"#f0f4f8","titleText":"#1e3a8a","borderColour":"#bfdbfe","font":"georgia"} */',
        '#carrier-profile {',
        '  background-color: #f0f4f8;',
        "  font-family: Georgia, 'Times New Roman', serif;",
        '  --color-border: #bfdbfe;',
        '}',
        '#carrier-profile .profile-block {',
        '  border-color: #bfdbfe;',
        '}',
        '#carrier-profile .profile-block__title {',
        '  color: #1e3a8a;',
        '  border-bottom-color: #bfdbfe;',
        '}',
        '/* End of visual editor styles */',
      ].join('\n'),
    );
  });

  it('writes nothing for the defaults', () => {
    expect(visualCss(DEFAULT_SETTINGS)).toBe('');
    expect(withVisualSettings('', DEFAULT_SETTINGS)).toBe('');
  });

  it('never writes a value that is not a #rrggbb colour or a listed font', () => {
    const hostile = { ...DEFAULT_SETTINGS, textColour: 'red; } body { display: none', font: 'Comic' };
    expect(visualCss(hostile as VisualSettings)).toBe('');
  });

  it('replaces its own section and keeps the owner’s CSS after it', () => {
    const own = '.profile-block { border-radius: 0 }';
    const first = withVisualSettings(own, some);
    expect(first.endsWith(`/* End of visual editor styles */\n\n${own}\n`)).toBe(true);
    const second = withVisualSettings(first, { ...some, pageBackground: '#000000' });
    expect(second.match(/Visual editor:/g)).toHaveLength(1);
    expect(second).toContain('background-color: #000000;');
    expect(withVisualSettings(second, DEFAULT_SETTINGS)).toBe(`${own}\n`);
  });

  it('reads the settings back from the CSS, and the defaults from CSS without a section', () => {
    expect(readVisualSettings(withVisualSettings('p { color: red }', some))).toEqual(some);
    expect(readVisualSettings('p { color: red }')).toEqual(DEFAULT_SETTINGS);
    expect(readVisualSettings('/* Visual editor: {broken */ /* End of visual editor styles */')).toEqual(
      DEFAULT_SETTINGS,
    );
    expect(sameSettings(some, { ...some })).toBe(true);
    expect(sameSettings(some, DEFAULT_SETTINGS)).toBe(false);
  });

  it('softens secondary text toward the background', () => {
    expect(visualCss({ ...DEFAULT_SETTINGS, textColour: '#e2e8f0', blockBackground: '#1e293b' })).toContain(
      '  --color-muted: color-mix(in srgb, #e2e8f0 70%, #1e293b);',
    );
    expect(visualCss({ ...DEFAULT_SETTINGS, textColour: '#111111' })).toContain(
      '  --color-muted: color-mix(in srgb, #111111 70%, transparent);',
    );
  });

  it('passes the server’s sanitiser untouched apart from the comments', () => {
    const result = sanitizeCustomCss(visualCss(QUICK_THEMES[2]!.settings));
    expect(result.dropped).toEqual([]);
    expect(result.css).toContain('--color-muted: color-mix(in srgb, #e2e8f0 70%, #1e293b);');
    expect(result.css).toContain('#carrier-profile .profile-block__title {');
  });
});

describe('quick themes', () => {
  it('are the spec’s four, each setting every colour and a font', () => {
    expect(QUICK_THEMES.map((theme) => theme.name)).toEqual([
      'Blue Professional',
      'Green Transport',
      'Dark Modern',
      'Clean Minimal',
    ]);
    for (const theme of QUICK_THEMES) {
      expect(Object.values(theme.settings).every((value) => value !== '')).toBe(true);
      expect(readVisualSettings(visualCss(theme.settings))).toEqual(theme.settings);
    }
  });
});
