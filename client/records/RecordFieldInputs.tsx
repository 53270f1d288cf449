import type { Ref } from 'react';
import {
  OTHER_CHOICE,
  otherFieldName,
  type FieldSpec,
  type RecordKind,
} from '../../shared/record-kinds.ts';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import type { FieldErrors } from '../../shared/records/record-validation.ts';
import { FieldError } from '../staff/FieldError.tsx';
import { localize } from '../../shared/i18n/localized-text.ts';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';

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

const HINTS: Partial<Record<FieldSpec['type'], StaffMessageKey>> = {
  money: 'staff.input.moneyHint',
  datetime: 'staff.input.datetimeHint',
  link: 'staff.input.linkHint',
};

/**
 * A field with a list of choices: a select, and beside it a text box for a value not
 * listed, read when "Other" is chosen. Both are plain form fields, so this works without
 * JavaScript; staff.css hides the text box until "Other" is chosen. A stored value that is
 * not listed (an older record, an import) shows as "Other" with its text.
 */
function ChoiceInput({
  label,
  maxLength,
  name,
  choices,
  value,
  select,
}: {
  /** The field's label in the page's language. */
  label: string;
  maxLength: number;
  name: FieldSpec['name'];
  choices: readonly string[];
  value: string;
  /** The select's id, name and ARIA state, as any other field's input gets them. */
  select: {
    id: string;
    name: string;
    'aria-invalid': boolean | undefined;
    'aria-describedby': string | undefined;
    'aria-required': boolean | undefined;
  };
}) {
  const { t, lang } = useStaffI18n();
  const listed = value === '' || choices.includes(value);
  const otherId = `${select.id}-other`;
  return (
    <>
      <select {...select} defaultValue={listed ? value : OTHER_CHOICE}>
        <option value="">{t('staff.input.chooseOne')}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
        <option value={OTHER_CHOICE}>{t('staff.input.other')}</option>
      </select>
      <div className="choice-other">
        <label htmlFor={otherId}>
          {t('staff.input.otherLabel', { label: label.toLocaleLowerCase(lang) })}
        </label>
        <input
          id={otherId}
          name={otherFieldName(name)}
          type="text"
          maxLength={maxLength}
          defaultValue={listed ? '' : value}
        />
      </div>
    </>
  );
}

/**
 * The inputs of one kind's fields, for adding and for amending a record. Labels are the
 * registry's, word for word (on Filipino pages, its Filipino); whether a field is required or optional and how to type it is said in a
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
  const { t, lang } = useStaffI18n();
  return kind.fields.map((spec) => {
    const id = `${idPrefix}-${spec.name}`;
    const error = errors[spec.name];
    const label = localize(spec.label, lang).text;
    const typeHint = HINTS[spec.type];
    // Required fields say so too, not only optional ones by their "Optional".
    const hint = [
      t(spec.optional ? 'staff.input.optional' : 'staff.input.required'),
      typeHint ? t(typeHint) : '',
    ]
      .filter(Boolean)
      .join(' ');
    const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ');
    const common = {
      id,
      name: spec.name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
      'aria-required': spec.optional ? undefined : true,
    };
    const value = values[spec.name] ?? '';
    const props = {
      ...common,
      defaultValue: value,
      maxLength: spec.type === 'datetime' ? undefined : spec.maxLength,
    };
    return (
      <div className={spec.choices ? 'form-field choice-field' : 'form-field'} key={spec.name}>
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p className="field-hint" id={`${id}-hint`}>
            {hint}
          </p>
        ) : null}
        {spec.choices ? (
          <ChoiceInput
            label={label}
            maxLength={spec.maxLength}
            name={spec.name}
            choices={spec.choices}
            value={value}
            select={common}
          />
        ) : spec.multiline ? (
          <textarea {...props} rows={4} />
        ) : (
          <input
            {...props}
            {...inputProps(spec)}
            ref={spec.type === 'link' ? linkRef : undefined}
          />
        )}
        <FieldError id={id} error={error} />
      </div>
    );
  });
}
