/** Form fields shared by the search page and the city pages' filters. */
import { AUTHORITY_FILTERS, type AuthorityFlags } from '../lib/carrier-search.ts';

interface CheckboxGroupProps {
  legend: string;
  name: string;
  /** [value, label] pairs. */
  options: ReadonlyArray<readonly [string, string]>;
  selected: readonly string[];
  onToggle: (value: string, checked: boolean) => void;
  className?: string;
  hideLegend?: boolean;
}

export function CheckboxGroup({
  legend,
  name,
  options,
  selected,
  onToggle,
  className,
  hideLegend,
}: CheckboxGroupProps) {
  return (
    <fieldset className={className ?? 'form-field'}>
      <legend className={hideLegend ? 'visually-hidden' : undefined}>{legend}</legend>
      {options.map(([value, label]) => (
        <label key={value} className="checkbox">
          <input
            type="checkbox"
            name={name}
            value={value}
            checked={selected.includes(value)}
            onChange={(event) => onToggle(value, event.target.checked)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The L&I filters (issue 18): 'Authorized for hire' and 'Insurance on file', each a checkbox of its
 * own URL parameter.
 */
export function AuthorityFilterFields({
  flags,
  onToggle,
}: {
  flags: AuthorityFlags;
  onToggle: (param: keyof AuthorityFlags, checked: boolean) => void;
}) {
  return (
    <fieldset className="form-field">
      <legend>Authority &amp; Insurance</legend>
      {AUTHORITY_FILTERS.map(({ param, label }) => (
        <label key={param} className="checkbox">
          <input
            type="checkbox"
            name={param}
            value="true"
            checked={flags[param]}
            onChange={(event) => onToggle(param, event.target.checked)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

interface RadiusFieldsProps {
  legend: string;
  idPrefix: string;
  zipcode: string;
  miles: string;
  onZipcode: (value: string) => void;
  onMiles: (value: string) => void;
}

/** A ZIP code and a distance of 1 to 500 miles (spec section 5). */
export function RadiusFields({ legend, idPrefix, zipcode, miles, onZipcode, onMiles }: RadiusFieldsProps) {
  return (
    <fieldset className="form-field">
      <legend>{legend}</legend>
      <label htmlFor={`${idPrefix}-zip`}>Zipcode</label>
      <input
        id={`${idPrefix}-zip`}
        name="radiusZipcode"
        inputMode="numeric"
        value={zipcode}
        onChange={(event) => onZipcode(event.target.value)}
      />
      <label htmlFor={`${idPrefix}-miles`}>Miles</label>
      <input
        id={`${idPrefix}-miles`}
        name="radiusMiles"
        type="number"
        min={1}
        max={500}
        value={miles}
        onChange={(event) => onMiles(event.target.value)}
      />
    </fieldset>
  );
}

/** Adds or removes one value of a multiple choice. */
export function toggled(values: readonly string[], value: string, checked: boolean): string[] {
  return checked ? [...values, value] : values.filter((item) => item !== value);
}
