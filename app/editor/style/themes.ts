import type { VisualSettings } from './visual-settings.ts';

export interface QuickTheme {
  name: string;
  settings: VisualSettings;
}

/** The spec's four quick themes (owner-side section 2.1); each header colour keeps white text readable. */
export const QUICK_THEMES: readonly QuickTheme[] = [
  {
    name: 'Blue Professional',
    settings: {
      pageBackground: '#f0f4f8',
      textColour: '#1f2933',
      accentColour: '#1d4ed8',
      blockBackground: '#ffffff',
      titleBarBackground: '#dbeafe',
      titleText: '#1e3a8a',
      borderColour: '#bfdbfe',
      font: 'system',
    },
  },
  {
    name: 'Green Transport',
    settings: {
      pageBackground: '#f0fdf4',
      textColour: '#14532d',
      accentColour: '#166534',
      blockBackground: '#ffffff',
      titleBarBackground: '#dcfce7',
      titleText: '#14532d',
      borderColour: '#bbf7d0',
      font: 'trebuchet',
    },
  },
  {
    name: 'Dark Modern',
    settings: {
      pageBackground: '#0f172a',
      textColour: '#e2e8f0',
      accentColour: '#4338ca',
      blockBackground: '#1e293b',
      titleBarBackground: '#334155',
      titleText: '#f8fafc',
      borderColour: '#475569',
      font: 'arial',
    },
  },
  {
    name: 'Clean Minimal',
    settings: {
      pageBackground: '#ffffff',
      textColour: '#111827',
      accentColour: '#374151',
      blockBackground: '#ffffff',
      titleBarBackground: '#ffffff',
      titleText: '#111827',
      borderColour: '#e5e7eb',
      font: 'georgia',
    },
  },
];
