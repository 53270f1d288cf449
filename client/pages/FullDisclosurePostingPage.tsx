import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { formatManilaDate, parseManilaDate } from '../../shared/manila-time.ts';
import {
  FULL_DISCLOSURE_PAGE,
  periodFromSlug,
  sitePath,
} from '../../shared/full-disclosure-paths.ts';
import '../components/full-disclosure/full-disclosure.css';
import {
  documentSize,
  documentTypeLabel,
  HostedDocumentDetails,
} from '../components/records/HostedDocumentDetails.tsx';
import { ManilaTime } from '../components/records/ManilaTime.tsx';
import '../components/records/records.css';
import { Page } from '../components/page/Page.tsx';
import { services } from '../services-context.ts';
import { useI18n } from '../i18n/useI18n.tsx';

function notFound(): never {
  throw new Response('Not Found', { status: 404 });
}

export async function fullDisclosurePostingLoader({
  params,
  context,
  request,
}: LoaderFunctionArgs) {
  const period = periodFromSlug(params.period ?? '');
  if (!period || !/^[a-z0-9-]+$/.test(params.type ?? '')) notFound();
  const posting = await services(context).fullDisclosurePosting(
    params.type!,
    period,
    request.signal,
  );
  return posting ?? notFound();
}

/** A Manila day (YYYY-MM-DD) written out: "April 30, 2025". */
function dayText(day: string): string {
  const parsed = parseManilaDate(day);
  return parsed.ok ? formatManilaDate(parsed.start) : day;
}

/**
 * One Full Disclosure posting as a permanent document: the type and period, the file it
 * shows now with its hash, and every file posted for the period, each correction with
 * its reason; nothing posted is ever taken away.
 */
export function FullDisclosurePostingPage() {
  const { type, cell, history } = useLoaderData<typeof fullDisclosurePostingLoader>();
  const i18n = useI18n();
  const title = `${type.name}, ${cell.period}`;
  const yearPage = `${FULL_DISCLOSURE_PAGE}?year=${cell.year}`;
  return (
    <Page
      title={title}
      description={`${type.name} for ${cell.period}, posted under the DILG Full Disclosure Policy, with every file posted for it.`}
    >
      <dl className="record-facts">
        <div>
          <dt>Document</dt>
          <dd>{type.name}</dd>
        </div>
        <div>
          <dt>Period</dt>
          <dd>
            <Link to={yearPage}>{cell.period}</Link>
          </dd>
        </div>
        <div>
          <dt>Due by</dt>
          <dd>
            <time dateTime={cell.deadline}>{dayText(cell.deadline)}</time> ({type.basis})
          </dd>
        </div>
        <div>
          <dt>Posted</dt>
          <dd>
            <ManilaTime iso={history[0]?.postedAt ?? cell.document.postedAt} />
          </dd>
        </div>
        <div>
          <dt>Shown since</dt>
          <dd>
            <ManilaTime iso={cell.document.postedAt} />
            {cell.document.version > 1 ? ` (version ${cell.document.version})` : ''}
          </dd>
        </div>
      </dl>
      <h2>The file</h2>
      <HostedDocumentDetails
        document={{
          url: sitePath(cell.document.url),
          sha256: cell.document.sha256,
          bytes: cell.document.bytes,
          type: cell.document.mediaType,
        }}
      />
      <h2>History</h2>
      {history.length < 2 ? <p>This document has not been corrected since it was posted.</p> : null}
      <ol className="record-history disclosure-history">
        {history.map((file) => (
          <li key={file.version}>
            <p>
              <strong>{file.version === 1 ? 'Posted' : 'Corrected'}</strong> on{' '}
              <ManilaTime iso={file.postedAt} />
              {file.reason ? `: ${file.reason}` : ''}
            </p>
            <p>
              <a href={sitePath(file.url)} type={file.mediaType}>
                {file.fileName}
              </a>{' '}
              ({documentTypeLabel(file.mediaType, i18n.t)}, {documentSize(file.bytes, i18n)})
              {file.version === cell.document.version ? ' — shown now' : ''}
            </p>
            <p className="disclosure-hash">
              SHA-256 <code className="record-sha256">{file.sha256}</code>
            </p>
          </li>
        ))}
      </ol>
      <p>
        <Link to={yearPage}>All Full Disclosure documents of {cell.year}</Link>
      </p>
    </Page>
  );
}
