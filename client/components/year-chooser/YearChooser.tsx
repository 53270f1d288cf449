import { Form } from 'react-router-dom';
import './year-chooser.css';

/**
 * A year chooser as a GET form (label, select, button), so it works without JavaScript and
 * the chosen year is an address a reader can share. The shown year is always an option,
 * even one nothing was published in yet.
 */
export function YearChooser({
  id,
  action,
  label,
  button,
  year,
  years,
}: {
  id: string;
  /** The page's path in the page's language. */
  action: string;
  label: string;
  button: string;
  year: number;
  /** The years to offer, newest first. */
  years: readonly number[];
}) {
  const options = years.includes(year) ? years : [year, ...years];
  return (
    <Form method="get" action={action} className="year-chooser">
      <label htmlFor={id}>{label}</label>
      <select id={id} name="year" defaultValue={year} key={year}>
        {options.map((each) => (
          <option key={each} value={each}>
            {each}
          </option>
        ))}
      </select>
      <button type="submit" className="button">
        {button}
      </button>
    </Form>
  );
}
