import { Link } from 'react-router-dom';
import { procurementPath } from '../../shared/procurement-projects/procurement-project.ts';
import type { SupplierFlag } from '../../shared/suppliers/suppliers.ts';
import { InLang } from '../components/content/InLang.tsx';
import { useProjectText } from '../procurement-projects/useProjectText.ts';

/**
 * The red flags on a supplier's projects (issue 35): each indicator by name with the project
 * linked to its page, where the facts that raised it are shown. A table that stacks into one
 * card a flag at phone widths, as the supplier page's other tables do.
 */
export function RedFlagsOfAwards({ flags }: { flags: SupplierFlag[] }) {
  const { pt, localPath } = useProjectText();
  const columns = {
    indicator: pt('project.flags.ofSupplier.indicator'),
    project: pt('project.flags.ofSupplier.project'),
  };
  return (
    <section aria-labelledby="supplier-flags">
      <h2 id="supplier-flags">{pt('project.flags.ofSupplier')}</h2>
      <p>{pt('project.flags.ofSupplier.intro')}</p>
      {flags.length === 0 ? (
        <p>{pt('project.flags.ofSupplier.none')}</p>
      ) : (
        <table className="record-table">
          <thead>
            <tr>
              <th scope="col">{columns.indicator}</th>
              <th scope="col">{columns.project}</th>
            </tr>
          </thead>
          <tbody>
            {flags.map((flag) => (
              <tr key={`${flag.indicator}/${flag.ocid}`}>
                <td data-label={columns.indicator}>{pt(`project.flag.${flag.indicator}`)}</td>
                <td data-label={columns.project}>
                  <Link to={localPath(procurementPath(flag.ocid))}>
                    <InLang text={flag.projectTitle} />
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
