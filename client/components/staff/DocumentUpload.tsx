import { useState, type FormEvent } from 'react';
import { FormMessage } from './FormMessage.tsx';

export const UPLOAD_FORM_ACTION = '/bac-input/document';

export const UPLOADED_MESSAGE =
  'Document uploaded. Its link is filled in below; complete the record and press Add.';

type Answer = { url?: string; message?: string } | null;

/** Why an upload failed, in words a staff member can act on. */
function failureMessage(status: number, answer: Answer): string {
  if (status === 401) return 'Your session has ended. Sign in again, then upload the document.';
  if (status === 403) return 'This form has expired. Reload the page and try again.';
  if (status === 413 || status === 415 || status === 400) {
    return answer?.message ?? 'The document was not accepted.';
  }
  return 'The document could not be uploaded. Please try again.';
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
  message: { tone: 'success' | 'error'; text: string } | null;
  onUploaded: (url: string) => void;
}) {
  const [outcome, setOutcome] = useState(message);
  const [busy, setBusy] = useState(false);

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    if (!(file instanceof File) || file.name === '') {
      setOutcome({ tone: 'error', text: 'Choose a file to upload.' });
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
      const answer = (await response.json().catch(() => null)) as Answer;
      if (response.status === 201 && answer?.url) {
        onUploaded(answer.url);
        setOutcome({ tone: 'success', text: UPLOADED_MESSAGE });
      } else {
        setOutcome({ tone: 'error', text: failureMessage(response.status, answer) });
      }
    } catch {
      setOutcome({ tone: 'error', text: 'The document could not be uploaded. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      method="post"
      action={UPLOAD_FORM_ACTION}
      encType="multipart/form-data"
      className="staff-form document-upload"
      onSubmit={(event) => void upload(event)}
    >
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="type" value={type} />
      <div className="form-field">
        <label htmlFor="document-file">Document (PDF, JPEG or PNG)</label>
        <p className="field-hint" id="document-file-hint">
          Optional. Upload the notice itself first; the record will link to it.
        </p>
        <input
          id="document-file"
          name="file"
          type="file"
          accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
          aria-describedby="document-file-hint"
        />
      </div>
      <FormMessage tone="success" message={outcome?.tone === 'success' ? outcome.text : null} />
      <FormMessage tone="error" message={outcome?.tone === 'error' ? outcome.text : null} />
      <button type="submit" className="button button-secondary" disabled={busy}>
        Upload document
      </button>
    </form>
  );
}
