import { useState, type FormEvent } from 'react';
import {
  DOCUMENT_UPLOAD_REFUSAL_KEYS,
  UPLOAD_REFUSALS,
} from '../../shared/documents/document-uploads.ts';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import { refusalCode } from '../api-client.ts';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { FormMessage } from '../staff/FormMessage.tsx';

/** The plain form's address; a Filipino page posts to its /fil twin, which sends it back to /fil/bac-input. */
const UPLOAD_FORM_ACTION = '/bac-input/document';

/** An upload's outcome as the box shows it: a staff catalogue key, worded in the page's language. */
export interface UploadMessage {
  tone: 'success' | 'error';
  key: StaffMessageKey;
}

/** The refusals a document upload words; a picture's TOO_MANY_PIXELS is no document's. */
const DOCUMENT_UPLOAD_REFUSALS = UPLOAD_REFUSALS.filter(
  (code): code is keyof typeof DOCUMENT_UPLOAD_REFUSAL_KEYS => code !== 'TOO_MANY_PIXELS',
);

/**
 * Why an upload failed, in words a staff member can act on, from the API's code. An
 * answer without one is the app's own: a token from another session (403), a file over
 * the multipart limit (413).
 */
function failureMessage(status: number, body: unknown): StaffMessageKey {
  const code = refusalCode(DOCUMENT_UPLOAD_REFUSALS, status, body, {
    400: 'NO_FILE',
    401: 'NOT_SIGNED_IN',
    413: 'FILE_TOO_LARGE',
    415: 'UNSUPPORTED_FILE',
  });
  if (code) return DOCUMENT_UPLOAD_REFUSAL_KEYS[code];
  return status === 403 ? 'staff.upload.expired' : 'staff.upload.failed';
}

/**
 * The optional document of a new record: a small multipart form of its own (a file cannot
 * travel in the record's URL-encoded form). Without JavaScript it posts to the server,
 * which stores the file and sends the browser back with the link filled in. With
 * JavaScript the file goes to `POST /api/documents` and `onUploaded` fills the link in
 * place, keeping whatever was already typed.
 */
export function DocumentUpload({
  csrfToken,
  type,
  message,
  onUploaded,
}: {
  csrfToken: string;
  type: string;
  /** The outcome of a plain form upload, from the page's address. */
  message: UploadMessage | null;
  onUploaded: (url: string) => void;
}) {
  const { t, localPath } = useStaffI18n();
  const [outcome, setOutcome] = useState(message);
  const [busy, setBusy] = useState(false);

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    if (!(file instanceof File) || file.name === '') {
      setOutcome({ tone: 'error', key: 'staff.upload.missing' });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const response = await fetch('/api/documents', {
        method: 'POST',
        headers: { accept: 'application/json', 'x-csrf-token': csrfToken },
        body: form,
      });
      const answer = (await response.json().catch(() => null)) as { url?: string } | null;
      if (response.status === 201 && answer?.url) {
        onUploaded(answer.url);
        setOutcome({ tone: 'success', key: 'staff.upload.done' });
      } else {
        setOutcome({ tone: 'error', key: failureMessage(response.status, answer) });
      }
    } catch {
      setOutcome({ tone: 'error', key: 'staff.upload.failed' });
    } finally {
      setBusy(false);
    }
  }

  const text = outcome ? t(outcome.key) : null;
  return (
    <form
      method="post"
      action={localPath(UPLOAD_FORM_ACTION)}
      encType="multipart/form-data"
      className="staff-form document-upload"
      onSubmit={(event) => void upload(event)}
    >
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="type" value={type} />
      <div className="form-field">
        <label htmlFor="document-file">{t('staff.upload.label')}</label>
        <p className="field-hint" id="document-file-hint">
          {t('staff.upload.hint')}
        </p>
        <input
          id="document-file"
          name="file"
          type="file"
          accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
          aria-describedby="document-file-hint"
        />
      </div>
      <FormMessage tone="success" message={outcome?.tone === 'success' ? text : null} />
      <FormMessage tone="error" message={outcome?.tone === 'error' ? text : null} />
      <button type="submit" className="button button-secondary" disabled={busy}>
        {t('staff.upload.submit')}
      </button>
    </form>
  );
}
