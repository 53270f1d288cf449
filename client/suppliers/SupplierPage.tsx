import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { BarChart } from '../components/charts/BarChart.tsx';
import { langOfPath, pathInLang } from '../../shared/i18n/languages.ts';
import { textLang } from '../../shared/i18n/text-language.ts';
import { pesosFromDecimal } from '../../shared/money.ts';
import { procurementPath } from '../../shared/procurement-projects/procurement-project.ts';
import { kindByCollection } from '../../shared/record-kinds.ts';
import { recordPath } from '../../shared/records/record-path.ts';
import {
  SUPPLIERS_PATH,
  supplierPath,
  type SupplierAward,
  type SupplierBid,
  type SupplierDetail,
} from '../../shared/suppliers/suppliers.ts';
import { InLang } from '../components/content/InLang.tsx';
import { Page } from '../components/page/Page.tsx';
import { ManilaTime } from '../components/time/ManilaTime.tsx';
import '../records/records.css';
import { RedFlagsOfAwards } from '../red-flags/RedFlagsOfAwards.tsx';
import { services } from '../services-context.ts';
import { useSupplierText } from './useSupplierText.ts';

/**
 * Loads one supplier; an id no published award or bid folds to answers 404, and a former id
 * (a name staff merged into another, or the slug of a supplier now known by its PhilGEPS
 * number) answers 301 to the current one.
 */
export async function supplierLoader({
  params,
  context,
  request,
}: LoaderFunctionArgs): Promise<SupplierDetail> {
  const id = params.id ?? '';
  const supplier = await services(context).supplier(id, request.signal);
  if (!supplier) throw new Response('Not Found', { status: 404 });
  if (supplier.id !== id) {
    const lang = langOfPath(new URL(request.url).pathname);
    throw redirect(pathInLang(supplierPath(supplier.id), lang), 301);
  }
  return supplier;
}

/** A share of the year's awards as people read it: 0.1234 is "12.34%". */
function percent(share: number | null): string {
  return share === null ? '–' : `${(share * 100).toFixed(2)}%`;
}

function AwardTitle({ award }: { award: SupplierAward }) {
  const { st, localPath } = useSupplierText();
  const kind = kindByCollection(award.collection);
  const title = award.projectTitle?.trim() ? (
    <InLang text={award.projectTitle} />
  ) : (
    st('supplier.untitled', { id: award.id })
  );
  return kind ? <Link to={localPath(recordPath(kind, award.id))}>{title}</Link> : <>{title}</>;
}

/**
 * Every project the supplier bid on, won or lost, from the abstracts of bids: a table that
 * stacks into one card a bid at phone widths as the awards table does, in a section its
 * heading labels, or one line when no bid names it.
 */
function ProjectsBidOn({ name, bids }: { name: string; bids: SupplierBid[] }) {
  const { st, localPath } = useSupplierText();
  const columns = {
    project: st('supplier.project'),
    amount: st('supplier.bidAmount'),
    outcome: st('supplier.outcome'),
    date: st('supplier.bidDate'),
  };
  return (
    <section aria-labelledby="supplier-bids">
      <h2 id="supplier-bids">{st('supplier.bidsHeading')}</h2>
      {bids.length === 0 ? (
        <p>{st('supplier.bidsNone')}</p>
      ) : (
        <table className="record-table">
          <caption className="visually-hidden">{st('supplier.bidsCaption', { name })}</caption>
          <thead>
            <tr>
              <th scope="col">{columns.project}</th>
              <th scope="col">{columns.amount}</th>
              <th scope="col">{columns.outcome}</th>
              <th scope="col">{columns.date}</th>
            </tr>
          </thead>
          <tbody>
            {bids.map((bid) => (
              <tr key={`${bid.ocid}/${bid.date}/${bid.amount}`}>
                <td data-label={columns.project}>
                  <Link to={localPath(procurementPath(bid.ocid))}>
                    <InLang text={bid.projectTitle} />
                  </Link>
                </td>
                <td data-label={columns.amount}>{pesosFromDecimal(bid.amount)}</td>
                <td data-label={columns.outcome}>{st(`supplier.outcome.${bid.outcome}`)}</td>
                <td data-label={columns.date}>
                  <ManilaTime iso={bid.date} to="day" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** /suppliers/<id>: every award a supplier won, its share of each year's awards, and its bids. */
export function SupplierPage() {
  const supplier = useLoaderData<typeof supplierLoader>();
  const { st, localPath } = useSupplierText();
  const columns = {
    project: st('supplier.project'),
    amount: st('supplier.amount'),
    mode: st('supplier.mode'),
    date: st('supplier.date'),
    year: st('supplier.year'),
    awards: st('suppliers.awards'),
    value: st('suppliers.awardedValue'),
    municipality: st('supplier.municipalityValue'),
    share: st('supplier.share'),
  };
  const value = pesosFromDecimal(supplier.awardedValue);
  return (
    <Page
      title={supplier.name}
      description={st('supplier.description', { name: supplier.name })}
      headingLang={textLang(supplier.name) ?? undefined}
    >
      <p className="lead">
        {supplier.awards === 0
          ? st('supplier.summaryNone')
          : supplier.awards === 1
            ? st('supplier.summaryOne', { value })
            : st('supplier.summary', { awards: supplier.awards, value })}
      </p>
      {supplier.philgepsRegistration ? (
        <p>{st('supplier.registration', { number: supplier.philgepsRegistration })}</p>
      ) : null}
      {supplier.spellings.length > 1 ? (
        <p>{st('supplier.spellings', { spellings: supplier.spellings.join('; ') })}</p>
      ) : null}
      {supplier.alsoWrittenAs.length > 0 ? (
        <p>{st('supplier.alsoWrittenAs', { spellings: supplier.alsoWrittenAs.join('; ') })}</p>
      ) : null}

      {supplier.awardsWon.length === 0 ? null : (
        <>
          <h2>{st('supplier.yearsHeading')}</h2>
          <BarChart
            title={st('supplier.yearsChart', { name: supplier.name })}
            labelHeader={columns.year}
            series={[columns.value]}
            tableBeside
            bars={supplier.years.map((year) => ({
              label: String(year.year),
              values: [Number(year.awardedValue)],
              shown: [`${pesosFromDecimal(year.awardedValue)} (${percent(year.share)})`],
            }))}
          />
          <table className="record-table">
            <caption className="visually-hidden">
              {st('supplier.yearsCaption', { name: supplier.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{columns.year}</th>
                <th scope="col">{columns.awards}</th>
                <th scope="col">{columns.value}</th>
                <th scope="col">{columns.municipality}</th>
                <th scope="col">{columns.share}</th>
              </tr>
            </thead>
            <tbody>
              {supplier.years.map((year) => (
                <tr key={year.year}>
                  <td data-label={columns.year}>{year.year}</td>
                  <td data-label={columns.awards}>{year.awards}</td>
                  <td data-label={columns.value}>{pesosFromDecimal(year.awardedValue)}</td>
                  <td data-label={columns.municipality}>
                    {pesosFromDecimal(year.municipalityValue)}
                  </td>
                  <td data-label={columns.share}>{percent(year.share)}</td>
                </tr>
              ))}
            </tbody>
          </table>

          <h2>{st('supplier.awardsHeading')}</h2>
          <table className="record-table">
            <caption className="visually-hidden">
              {st('supplier.awardsCaption', { name: supplier.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{columns.project}</th>
                <th scope="col">{columns.amount}</th>
                <th scope="col">{columns.mode}</th>
                <th scope="col">{columns.date}</th>
              </tr>
            </thead>
            <tbody>
              {supplier.awardsWon.map((award) => (
                <tr key={`${award.collection}/${award.id}`}>
                  <td data-label={columns.project}>
                    <AwardTitle award={award} />
                  </td>
                  <td data-label={columns.amount}>
                    {award.amount === null
                      ? st('supplier.notGiven')
                      : pesosFromDecimal(award.amount)}
                  </td>
                  <td data-label={columns.mode}>
                    {award.mode ? <InLang text={award.mode} /> : null}
                  </td>
                  <td data-label={columns.date}>
                    <ManilaTime iso={award.date} to="day" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}

      <ProjectsBidOn name={supplier.name} bids={supplier.bidsOn} />

      <RedFlagsOfAwards flags={supplier.flags} />

      {supplier.awardsWon.length === 0 ? null : (
        <p className="record-downloads">
          <a href={`${supplierPath(supplier.id)}.csv`}>{st('supplier.download')}</a>
        </p>
      )}
      <p>
        <Link to={localPath(SUPPLIERS_PATH)}>{st('supplier.allSuppliers')}</Link>
      </p>
    </Page>
  );
}
