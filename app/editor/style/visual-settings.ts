import { PROFILE_ROOT_SELECTOR } from '../../../core/sanitize-css.ts';
import { isAppliedColour } from './colour-input.ts';

/** The colours the visual editor sets, in the order it shows them. */
export const COLOUR_SETTINGS = [
  { key: 'pageBackground', label: 'Page background' },
  { key: 'textColour', label: 'Text colour' },
  { key: 'accentColour', label: 'Accent colour (header and title marks)' },
  { key: 'blockBackground', label: 'Block background' },
  { key: 'titleBarBackground', label: 'Block title bar background' },
  { key: 'titleText', label: 'Block title text' },
  { key: 'borderColour', label: 'Border colour' },
] as const;

export type ColourKey = (typeof COLOUR_SETTINGS)[number]['key'];

/** Fonts every visitor already has: nothing is loaded from another host. */
export const FONT_OPTIONS = [
  { key: 'system', label: 'System UI', stack: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
  { key: 'georgia', label: 'Georgia', stack: "Georgia, 'Times New Roman', serif" },
  { key: 'arial', label: 'Arial / Helvetica', stack: 'Arial, Helvetica, sans-serif' },
  { key: 'verdana', label: 'Verdana', stack: 'Verdana, Geneva, sans-serif' },
  { key: 'trebuchet', label: 'Trebuchet MS', stack: "'Trebuchet MS', Helvetica, sans-serif" },
  { key: 'courier', label: 'Courier New', stack: "'Courier New', Courier, monospace" },
] as const;

export type FontKey = (typeof FONT_OPTIONS)[number]['key'];

/** Each colour is '' (the profile's default) or #rrggbb; font '' is the default font. */
export type VisualSettings = Record<ColourKey, string> & { font: FontKey | '' };

export const DEFAULT_SETTINGS: VisualSettings = {
  pageBackground: '',
  textColour: '',
  accentColour: '',
  blockBackground: '',
  titleBarBackground: '',
  titleText: '',
  borderColour: '',
  font: '',
};

const SECTION_START = '/* Visual editor: ';
const SECTION_END = '/* End of visual editor styles */';
/** The visual editor's section: its settings as JSON in the opening comment, then the rules. */
const SECTION = /\/\* Visual editor: (\{[^*]*\}) \*\/[\s\S]*?\/\* End of visual editor styles \*\/\n*/;

const ROOT = PROFILE_ROOT_SELECTOR;

/** Secondary text: the text colour softened toward the background, so it stays readable on dark themes. */
function mutedText(settings: VisualSettings): string {
  if (!settings.textColour) return '';
  const background = settings.blockBackground || settings.pageBackground || 'transparent';
  return `color-mix(in srgb, ${settings.textColour} 70%, ${background})`;
}

/** Rules for the profile's own class names (app/styles/app.css), one per element the settings touch. */
function visualRules(settings: VisualSettings): string[] {
  const font = FONT_OPTIONS.find((option) => option.key === settings.font)?.stack ?? '';
  const rules: [string, [string, string][]][] = [
    [
      ROOT,
      [
        ['background-color', settings.pageBackground],
        ['color', settings.textColour],
        ['font-family', font],
        // The profile's own styles read these variables: secondary text and inner borders follow too.
        ['--color-text', settings.textColour],
        ['--color-muted', mutedText(settings)],
        ['--color-border', settings.borderColour],
      ],
    ],
    [`${ROOT} .profile-header`, [['background', settings.accentColour]]],
    [
      `${ROOT} .profile-block`,
      [
        ['background-color', settings.blockBackground],
        ['border-color', settings.borderColour],
      ],
    ],
    [
      `${ROOT} .profile-block__title`,
      [
        ['background-color', settings.titleBarBackground],
        ['color', settings.titleText],
        ['border-bottom-color', settings.borderColour],
        ['border-left', settings.accentColour ? `4px solid ${settings.accentColour}` : ''],
      ],
    ],
  ];
  return rules.flatMap(([selector, declarations]) => {
    const set = declarations.filter(([, value]) => value !== '');
    if (set.length === 0) return [];
    return [`${selector} {\n${set.map(([property, value]) => `  ${property}: ${value};`).join('\n')}\n}`];
  });
}

/** Only known keys with valid values, so nothing else ever reaches the CSS. */
function validSettings(value: unknown): VisualSettings {
  const input = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const settings = { ...DEFAULT_SETTINGS };
  for (const { key } of COLOUR_SETTINGS) {
    const colour = input[key];
    if (isAppliedColour(colour)) settings[key] = colour;
  }
  const font = FONT_OPTIONS.find((option) => option.key === input.font);
  if (font) settings.font = font.key;
  return settings;
}

/** The visual editor's section of the CSS; empty when every setting is the default. */
export function visualCss(settings: VisualSettings): string {
  const valid = validSettings(settings);
  const rules = visualRules(valid);
  if (rules.length === 0) return '';
  const stored = Object.fromEntries(Object.entries(valid).filter(([, value]) => value !== ''));
  return [`${SECTION_START}${JSON.stringify(stored)} */`, ...rules, SECTION_END].join('\n');
}

/**
 * The CSS with its visual editor section replaced (put first, before the owner's own rules, so their
 * hand-written CSS wins where both style the same thing).
 */
export function withVisualSettings(css: string, settings: VisualSettings): string {
  const own = css.replace(SECTION, '').trim();
  const section = visualCss(settings);
  const joined = [section, own].filter(Boolean).join('\n\n');
  return joined ? `${joined}\n` : '';
}

/** The settings a CSS text carries in its visual editor section (the defaults when it has none). */
export function readVisualSettings(css: string): VisualSettings {
  const json = SECTION.exec(css)?.[1];
  if (!json) return { ...DEFAULT_SETTINGS };
  try {
    return validSettings(JSON.parse(json));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function sameSettings(a: VisualSettings, b: VisualSettings): boolean {
  return (Object.keys(DEFAULT_SETTINGS) as (keyof VisualSettings)[]).every((key) => a[key] === b[key]);
}
