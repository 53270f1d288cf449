import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { formatManilaDay } from '../../shared/manila-time.ts';
import {
  FULL_DISCLOSURE_PAGE,
  periodFromSlug,
  sitePath,
} from '../../shared/full-disclosure/full-disclosure-paths.ts';
import './full-disclosure.css';
import {
  documentSize,
  documentTypeLabel,
  HostedDocumentDetails,
} from '../records/HostedDocumentDetails.tsx';
import { ManilaTime } from '../components/time/ManilaTime.tsx';
import { HistoryStep } from '../components/history/ChangeHistory.tsx';
import '../records/records.css';
import { Page } from '../components/page/Page.tsx';
import { services } from '../services-context.ts';
import { useI18n } from '../i18n/useI18n.tsx';
import { Localized } from '../components/content/Localized.tsx';

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

/**
 * One Full Disclosure posting as a permanent document: the type and period, the file it
 * shows now with its hash, and every file posted for the period, each correction with
 * its reason; nothing posted is ever taken away.
 */
export function FullDisclosurePostingPage() {
  const { type, cell, history } = useLoaderData<typeof fullDisclosurePostingLoader>();
  const i18n = useI18n();
  const { t, lang, localPath, plain } = i18n;
  const name = type.name;
  const title = `${plain(name)}, ${cell.period}`;
  const yearPage = localPath(`${FULL_DISCLOSURE_PAGE}?year=${cell.year}`);
  return (
    <Page
      title={title}
      description={t('posting.description', { name: plain(name), period: cell.period })}
    >
      <dl className="record-facts">
        <div>
          <dt>{t('disclosure.document')}</dt>
          <dd>
            <Localized text={name} />
          </dd>
        </div>
        <div>
          <dt>{t('posting.period')}</dt>
          <dd>
            <Link to={yearPage}>{cell.period}</Link>
          </dd>
        </div>
        <div>
          <dt>{t('posting.dueBy')}</dt>
          <dd>
            <time dateTime={cell.deadline}>{formatManilaDay(cell.deadline, lang)}</time> (
            <Localized text={type.basis} />)
          </dd>
        </div>
        <div>
          <dt>{t('disclosure.posted')}</dt>
          <dd>
            <ManilaTime iso={history[0]?.postedAt ?? cell.document.postedAt} />
          </dd>
        </div>
        <div>
          <dt>{t('posting.shownSince')}</dt>
          <dd>
            <ManilaTime iso={cell.document.postedAt} />
            {cell.document.version > 1
              ? t('posting.version', { version: cell.document.version })
              : ''}
          </dd>
        </div>
      </dl>
      <h2>{t('posting.file')}</h2>
      <HostedDocumentDetails
        document={{
          url: sitePath(cell.document.url),
          sha256: cell.document.sha256,
          bytes: cell.document.bytes,
          type: cell.document.mediaType,
        }}
      />
      <h2>{t('record.history')}</h2>
      {history.length < 2 ? <p>{t('posting.neverCorrected')}</p> : null}
      <ol className="record-history disclosure-history">
        {history.map((file) => (
          <li key={file.version}>
            <p>
              <HistoryStep
                action={t(file.version === 1 ? 'disclosure.posted' : 'posting.corrected')}
                at={file.postedAt}
                reason={file.reason}
              />
            </p>
            <p>
              <a href={sitePath(file.url)} type={file.mediaType}>
                {file.fileName}
              </a>{' '}
              ({documentTypeLabel(file.mediaType, i18n.t)}, {documentSize(file.bytes, i18n)})
              {file.version === cell.document.version ? t('posting.shownNow') : ''}
            </p>
            <p className="disclosure-hash">
              SHA-256 <code className="record-sha256">{file.sha256}</code>
            </p>
          </li>
        ))}
      </ol>
      <p>
        <Link to={yearPage}>{t('posting.allOfYear', { year: cell.year })}</Link>
      </p>
    </Page>
  );
}
