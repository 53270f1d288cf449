import type { HostedDocument } from '../../../shared/record-detail.ts';

const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX workbook',
};

/** "PDF", "XLSX workbook": a hosted file's type as people name it. */
export function documentTypeLabel(mediaType: string): string {
  return TYPE_NAMES[mediaType] ?? mediaType;
}

const numberFormat = new Intl.NumberFormat('en-US');

/** "1.5 MB (1,572,864 bytes)": rounded for reading, exact for checking. */
export function documentSize(bytes: number): string {
  const exact = `${numberFormat.format(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
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
  return (
    <dl className="record-facts">
      <div>
        <dt>File</dt>
        <dd>
          <a href={document.url} type={document.type}>
            {fileName(document.url)}
          </a>
        </dd>
      </div>
      <div>
        <dt>Type</dt>
        <dd>{documentTypeLabel(document.type)}</dd>
      </div>
      <div>
        <dt>Size</dt>
        <dd>{documentSize(document.bytes)}</dd>
      </div>
      <div>
        <dt>SHA-256</dt>
        <dd>
          <code className="record-sha256">{document.sha256}</code>
          <p className="record-hint">
            To check a copy, compute its SHA-256 (for example <code>sha256sum</code> on Linux,{' '}
            <code>Get-FileHash</code> in Windows PowerShell or <code>shasum -a 256</code> on a Mac):
            it must equal this value.
          </p>
        </dd>
      </div>
    </dl>
  );
}
