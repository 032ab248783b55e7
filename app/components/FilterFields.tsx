/**
 * Form fields shared by the search page and the city pages' filters: plain GET form fields showing the
 * URL's values (the pages are not hydrated; their islands only choose the URL the form goes to).
 */
import { FLAG_FILTERS, PAGE_PARAM, type FlagFilters } from '../../core/search-filters.ts';

interface CheckboxGroupProps {
  legend: string;
  name: string;
  /** [value, label] pairs. */
  options: ReadonlyArray<readonly [string, string]>;
  selected: readonly string[];
  className?: string;
  hideLegend?: boolean;
}

export function CheckboxGroup({
  legend,
  name,
  options,
  selected,
  className,
  hideLegend,
}: CheckboxGroupProps) {
  return (
    <fieldset className={className ?? 'form-field'}>
      <legend className={hideLegend ? 'visually-hidden' : undefined}>{legend}</legend>
      {options.map(([value, label]) => (
        <label key={value} className="checkbox">
          <input type="checkbox" name={name} value={value} defaultChecked={selected.includes(value)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** The yes/no filters (core/search-filters.ts FLAG_FILTERS), a checkbox each under its URL name. */
export function FlagFilterFields({ flags }: { flags: FlagFilters }) {
  const groups = [...new Set(FLAG_FILTERS.map(({ group }) => group))];
  return groups.map((group) => (
    <fieldset key={group} className="form-field">
      <legend>{group}</legend>
      {FLAG_FILTERS.filter((filter) => filter.group === group).map(({ param, label }) => (
        <label key={param} className="checkbox">
          <input type="checkbox" name={PAGE_PARAM[param]} value="true" defaultChecked={flags[param]} />
          {label}
        </label>
      ))}
    </fieldset>
  ));
}

interface RadiusFieldsProps {
  legend: string;
  idPrefix: string;
  zipcode: string;
  miles: string;
}

/** A ZIP code and a distance of 1 to 500 miles (spec section 5). */
export function RadiusFields({ legend, idPrefix, zipcode, miles }: RadiusFieldsProps) {
  return (
    <fieldset className="form-field">
      <legend>{legend}</legend>
      <label htmlFor={`${idPrefix}-zip`}>Zipcode</label>
      <input
        id={`${idPrefix}-zip`}
        name={PAGE_PARAM.radius_zipcode}
        inputMode="numeric"
        defaultValue={zipcode}
      />
      <label htmlFor={`${idPrefix}-miles`}>Miles</label>
      <input
        id={`${idPrefix}-miles`}
        name={PAGE_PARAM.radius_miles}
        type="number"
        min={1}
        max={500}
        defaultValue={miles}
      />
    </fieldset>
  );
}
