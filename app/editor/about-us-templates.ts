import { titleCase } from '../../core/format.ts';

// The about-us templates (owner-side section 3): canned texts the owner starts from and then edits.

export type AboutUsTemplateKey = 'professional' | 'family_owned' | 'safety_focused' | 'specialized';

export interface AboutUsTemplate {
  key: AboutUsTemplateKey;
  label: string;
  text: string;
}

/** The spec's preview length of a template. */
export const TEMPLATE_PREVIEW_LENGTH = 120;

/** 'Fort Worth, TX' from the FMCSA record; 'our area' when the record has no address. */
function placeOf(city: string | null | undefined, state: string | null | undefined): string {
  const parts = [city ? titleCase(city) : '', state ? state.toUpperCase() : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'our area';
}

/** The four templates, written for the carrier's city and state. */
export function aboutUsTemplates(
  city: string | null | undefined,
  state: string | null | undefined,
): AboutUsTemplate[] {
  const place = placeOf(city, state);
  return [
    {
      key: 'professional',
      label: 'Professional',
      text:
        `We are a professional trucking company based in ${place}, providing reliable freight transportation for shippers and brokers across the country.\n` +
        'Our experienced drivers and well-maintained equipment deliver your loads on time, with clear communication from pickup to delivery.',
    },
    {
      key: 'family_owned',
      label: 'Family Owned',
      text:
        `We are a family-owned carrier proudly serving customers from ${place}.\n` +
        'Every load is handled with the care of a family business: we know our drivers by name, answer our own phones and stand behind every delivery.',
    },
    {
      key: 'safety_focused',
      label: 'Safety Focused',
      text:
        `Safety comes first at our ${place} operation.\n` +
        'We invest in driver training, preventive maintenance and compliance so that your freight, our drivers and everyone on the road arrive safely.',
    },
    {
      key: 'specialized',
      label: 'Specialized',
      text:
        `From our base in ${place}, we specialize in freight that needs more than a standard trailer.\n` +
        'Tell us about your load: our team plans the equipment, permits and route to move it safely and on schedule.',
    },
  ];
}

/** The first 120 characters of a template, with an ellipsis when there is more. */
export function templatePreview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= TEMPLATE_PREVIEW_LENGTH ? flat : `${flat.slice(0, TEMPLATE_PREVIEW_LENGTH)}...`;
}
