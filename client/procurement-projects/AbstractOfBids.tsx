import { pesosFromDecimal } from '../../shared/money.ts';
import type { ProjectBid } from '../../shared/procurement-projects/bid.ts';
import { foldSupplierName, supplierId } from '../../shared/suppliers/supplier-name.ts';
import { supplierPath } from '../../shared/suppliers/suppliers.ts';
import { Link } from 'react-router-dom';
import { InLang } from '../components/content/InLang.tsx';
import { useProjectText } from './useProjectText.ts';
import './bids.css';

/**
 * The abstract of bids (issue 34): each bidder, the amount it bid, what the BAC found and
 * why, lowest amount first, with the number of bidders a watchdog counts. A real table
 * (caption, column headers) inside a labelled region that scrolls sideways when a phone is
 * narrower than the four columns; the region is focusable so the keyboard can scroll it.
 * Each bidder links to its supplier page, whose id its folded name gives (a supplier whose
 * id is now its PhilGEPS number, or merged into another, answers that address with a 301).
 */
export function AbstractOfBids({ bids }: { bids: ProjectBid[] }) {
  const { pt, localPath } = useProjectText();
  return (
    <section aria-labelledby="project-bids">
      <h2 id="project-bids">{pt('project.bids')}</h2>
      {bids.length === 0 ? (
        <p>{pt('project.bids.none')}</p>
      ) : (
        <>
          <p>{pt('project.bids.count', { count: bids.length })}</p>
          {/* The region scrolls sideways on a phone, so the keyboard must be able to focus it. */}
          {/* eslint-disable jsx-a11y/no-noninteractive-tabindex */}
          <div
            className="bids-scroll"
            role="region"
            aria-label={pt('project.bids.scroll')}
            tabIndex={0}
          >
            <table className="bids-table">
              <caption>{pt('project.bids.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{pt('project.bids.bidder')}</th>
                  <th scope="col">{pt('project.bids.amount')}</th>
                  <th scope="col">{pt('project.bids.outcome')}</th>
                  <th scope="col">{pt('project.bids.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {bids.map((bid) => (
                  <tr key={`${bid.created}-${bid.bidder}-${bid.amount}`}>
                    <th scope="row">
                      <Link to={localPath(supplierPath(supplierId(foldSupplierName(bid.bidder))))}>
                        <InLang text={bid.bidder} />
                      </Link>
                    </th>
                    <td className="bids-amount">{pesosFromDecimal(bid.amount)}</td>
                    <td>{pt(`project.bids.outcome.${bid.outcome}`)}</td>
                    <td>{bid.reason ? <InLang text={bid.reason} /> : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {/* eslint-enable jsx-a11y/no-noninteractive-tabindex */}
        </>
      )}
    </section>
  );
}
