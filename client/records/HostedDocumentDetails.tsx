import type { HostedDocument } from '../../shared/records/record-detail.ts';
import { useI18n, type I18n } from '../i18n/useI18n.tsx';
import { INTL_LOCALES } from '../../shared/i18n/languages.ts';
import type { MessageKey } from '../../shared/i18n/messages-en.ts';

const TYPE_NAMES: Record<string, MessageKey> = {
  'application/pdf': 'record.pdf',
  'image/jpeg': 'record.jpeg',
  'image/png': 'record.png',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'record.xlsx',
};

/** "PDF", "XLSX workbook": a hosted file's type as people name it, in the page's language. */
export function documentTypeLabel(mediaType: string, t: I18n['t']): string {
  const name = TYPE_NAMES[mediaType];
  return name ? t(name) : mediaType;
}

/** "1.5 MB (1,572,864 bytes)": rounded for reading, exact for checking. */
export function documentSize(bytes: number, { lang, t }: Pick<I18n, 'lang' | 't'>): string {
  const count = new Intl.NumberFormat(INTL_LOCALES[lang]).format(bytes);
  const exact = `${count} ${t(bytes === 1 ? 'record.byte' : 'record.bytes')}`;
  if (bytes < 1024) return exact;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  return `${value.toFixed(1)} ${unit} (${exact})`;
}

/** The name the document is served under: the last segment of its URL. */
function fileName(url: string): string {
  const last = url.slice(url.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * The hosted copy of a record's notice, with its SHA-256 so anyone who downloaded it (or
 * received it from someone else) can check it is the very file the municipality posted.
 */
export function HostedDocumentDetails({ document }: { document: HostedDocument }) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <dl className="record-facts">
      <div>
        <dt>{t('record.file')}</dt>
        <dd>
          <a href={document.url} type={document.type}>
            {fileName(document.url)}
          </a>
        </dd>
      </div>
      <div>
        <dt>{t('record.type')}</dt>
        <dd>{documentTypeLabel(document.type, t)}</dd>
      </div>
      <div>
        <dt>{t('record.size')}</dt>
        <dd>{documentSize(document.bytes, i18n)}</dd>
      </div>
      <div>
        <dt>SHA-256</dt>
        <dd>
          <code className="record-sha256">{document.sha256}</code>
          <p className="record-hint">{t('record.shaHint')}</p>
        </dd>
      </div>
    </dl>
  );
}
