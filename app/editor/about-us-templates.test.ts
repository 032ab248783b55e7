import { describe, expect, it } from 'vitest';
import { aboutUsTemplates, TEMPLATE_PREVIEW_LENGTH, templatePreview } from './about-us-templates.ts';

describe('about-us templates', () => {
  it('are the four of the spec, each mentioning the carrier city and state', () => {
    const templates = aboutUsTemplates('FORT WORTH', 'tx');
    expect(templates.map((template) => template.key)).toEqual([
      'professional',
      'family_owned',
      'safety_focused',
      'specialized',
    ]);
    for (const template of templates) expect(template.text).toContain('Fort Worth, TX');
  });

  it('still read well without an address', () => {
    expect(aboutUsTemplates(null, null)[0]!.text).toContain('based in our area');
  });

  it('preview the first 120 characters', () => {
    const [template] = aboutUsTemplates('DALLAS', 'TX');
    const preview = templatePreview(template!.text);
    expect(preview.endsWith('...')).toBe(true);
    expect(preview.slice(0, -3)).toHaveLength(TEMPLATE_PREVIEW_LENGTH);
    expect(TEMPLATE_PREVIEW_LENGTH).toBe(120);
    expect(templatePreview('Short\ntext.')).toBe('Short text.');
  });
});
