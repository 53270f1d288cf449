import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { useProjectPath } from '../procurement-projects/useProjectPath.ts';
import { textLang } from '../../shared/i18n/text-language.ts';
import type { RecordDetail } from '../../shared/records/record-detail.ts';
import type { RecordKind } from '../../shared/record-kinds.ts';
import { Page } from '../components/page/Page.tsx';
import { ManilaTime } from '../components/time/ManilaTime.tsx';
import { FieldValue } from './FieldValue.tsx';
import { HostedDocumentDetails } from './HostedDocumentDetails.tsx';
import { RecordHistory } from './RecordHistory.tsx';
import { HistoryStep } from '../components/history/ChangeHistory.tsx';
import './records.css';
import { services } from '../services-context.ts';
import { useI18n } from '../i18n/useI18n.tsx';
import { useKindText } from '../i18n/useKindText.ts';
import { inEnglish } from '../../shared/i18n/localized-text.ts';

/** Only a plain positive whole number names a record; anything else is no page at all. */
const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

function notFound(): never {
  throw new Response('Not Found', { status: 404 });
}

/** Loads one record of this kind; an unknown id, a malformed one or another kind's id answers 404. */
export function recordPageLoader(kind: RecordKind) {
  return async ({ params, context, request }: LoaderFunctionArgs): Promise<RecordDetail> => {
    const text = params.id ?? '';
    if (!ID_PATTERN.test(text) || !Number.isSafeInteger(Number(text))) notFound();
    const record = await services(context).record(kind.collection, Number(text), request.signal);
    return record ?? notFound();
  };
}

export function recordTitle(kind: RecordKind, record: RecordDetail): string {
  const name = record[kind.nameField];
  return typeof name === 'string' && name.trim() ? name : `${inEnglish(kind.label)} ${record.id}`;
}

/** One procurement record as a public document: its fields, document, status and history. */
export function RecordPage({ kind }: { kind: RecordKind }) {
  const record = useLoaderData() as RecordDetail;
  const { t, localPath } = useI18n();
  const names = useKindText(kind);
  const title = recordTitle(kind, record);
  const withdrawn = record.withdrawn;
  const listTitle = names.title;
  const projectPath = useProjectPath()(record.project);
  return (
    <Page
      title={title}
      description={t('record.description', { label: names.label, title })}
      headingLang={textLang(title) ?? undefined}
    >
      {withdrawn ? (
        <div className="record-withdrawn">
          <p>
            <HistoryStep
              action={t('record.withdrawn')}
              at={withdrawn.at}
              reason={withdrawn.reason}
            />
          </p>
          <p>{t('record.noLongerListed', { title: listTitle })}</p>
        </div>
      ) : null}
      <dl className="record-facts">
        <div>
          <dt>{t('record.kind')}</dt>
          <dd>
            <Link to={localPath(kind.route)}>{names.label}</Link>
          </dd>
        </div>
        <div>
          <dt>{t('record.status')}</dt>
          <dd>{t(withdrawn ? 'record.withdrawn' : 'record.published')}</dd>
        </div>
        {record.project && projectPath ? (
          <div>
            <dt>{t('project.partOf')}</dt>
            <dd>
              <Link to={projectPath}>{record.project.title}</Link>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('list.datePosted')}</dt>
          <dd>
            <ManilaTime iso={record.created} />
          </dd>
        </div>
        {kind.fields.map((spec) => (
          <div key={spec.name}>
            <dt>{names.specLabel(spec.label)}</dt>
            <dd>
              <FieldValue spec={spec} value={record[spec.name]} />
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="record-document">
        <h2 id="record-document">{t('record.document')}</h2>
        {record.document ? (
          <HostedDocumentDetails document={record.document} />
        ) : (
          <p>{t('record.elsewhere')}</p>
        )}
      </section>

      <section aria-labelledby="record-history">
        <h2 id="record-history">{t('record.history')}</h2>
        <RecordHistory kind={kind} history={record.history} />
      </section>

      <p>
        <Link to={localPath(kind.route)}>{t('record.backToList', { title: listTitle })}</Link>
      </p>
    </Page>
  );
}
