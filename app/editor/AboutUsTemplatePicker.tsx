import { aboutUsTemplates, templatePreview } from './about-us-templates.ts';

/** The four about-us templates, written for the carrier's city and state; choosing one fills the text. */
export function AboutUsTemplatePicker({
  city,
  state,
  onChoose,
}: {
  city: string | null;
  state: string | null;
  onChoose: (text: string) => void;
}) {
  return (
    <fieldset className="template-picker">
      <legend>Start from a template</legend>
      <ul>
        {aboutUsTemplates(city, state).map((template) => (
          <li key={template.key}>
            <button type="button" className="template-picker__option" onClick={() => onChoose(template.text)}>
              <strong>Use the {template.label} template</strong>
              <span className="muted">{templatePreview(template.text)}</span>
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
