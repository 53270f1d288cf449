import type { Ref } from 'react';
import type { FieldSpec, RecordKind } from '../../../shared/record-kinds.ts';
import type { FieldErrors } from '../../../shared/record-validation.ts';

/** What each field type is typed as; amounts and links keep a text box so 1,234,567.89 and /documents/… are accepted. */
function inputProps(spec: FieldSpec) {
  switch (spec.type) {
    case 'money':
      return { type: 'text', inputMode: 'decimal' } as const;
    case 'datetime':
      return { type: 'datetime-local' } as const;
    case 'link':
      return { type: 'text', inputMode: 'url', spellCheck: false } as const;
    default:
      return { type: 'text' } as const;
  }
}

const HINTS: Partial<Record<FieldSpec['type'], string>> = {
  money: 'In pesos, like 1,234,567.89.',
  datetime: 'Manila time.',
  link: 'A web address starting with https://, or the link of a document uploaded here.',
};

/**
 * The inputs of one kind's fields, for adding and for amending a record. Labels are the
 * registry's, word for word; whether a field is optional and how to type it is said in a
 * hint the input is described by.
 */
export function RecordFieldInputs({
  kind,
  idPrefix,
  values,
  errors,
  linkRef,
}: {
  kind: RecordKind;
  idPrefix: string;
  values: Record<string, string>;
  errors: FieldErrors;
  linkRef?: Ref<HTMLInputElement>;
}) {
  return kind.fields.map((spec) => {
    const id = `${idPrefix}-${spec.name}`;
    const error = errors[spec.name];
    const hint = [spec.optional ? 'Optional.' : '', HINTS[spec.type] ?? '']
      .filter(Boolean)
      .join(' ');
    const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ');
    const props = {
      id,
      name: spec.name,
      defaultValue: values[spec.name] ?? '',
      maxLength: spec.type === 'datetime' ? undefined : spec.maxLength,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    };
    return (
      <div className="form-field" key={spec.name}>
        <label htmlFor={id}>{spec.label}</label>
        {hint ? (
          <p className="field-hint" id={`${id}-hint`}>
            {hint}
          </p>
        ) : null}
        {spec.multiline ? (
          <textarea {...props} rows={4} />
        ) : (
          <input
            {...props}
            {...inputProps(spec)}
            ref={spec.type === 'link' ? linkRef : undefined}
          />
        )}
        {error ? (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  });
}
