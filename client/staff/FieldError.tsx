/**
 * A field's error under it, named `<id>-error` for the field's aria-describedby; nothing when
 * there is none. One component for every staff form (records, news, advisories, reasons,
 * passwords, accounts) so the markup screen readers and the error summaries link to is the same.
 */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field-error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}
