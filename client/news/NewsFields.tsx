import { NEWS_LIMITS, type NewsErrors } from '../../shared/news/news.ts';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { FieldError } from '../staff/FieldError.tsx';

/** What the news form holds, as typed (the picture as the number an upload gave). */
export type NewsFormValues = Record<
  'title' | 'date' | 'summary' | 'text' | 'picture' | 'alt',
  string
>;

interface FieldSpec {
  name: keyof NewsFormValues;
  label: StaffMessageKey;
  hint?: StaffMessageKey;
  type?: 'text' | 'date' | 'textarea';
  optional?: boolean;
  maxLength?: number;
}

const FIELDS: FieldSpec[] = [
  { name: 'title', label: 'staff.news.field.title', maxLength: NEWS_LIMITS.title },
  { name: 'date', label: 'staff.news.field.date', type: 'date', hint: 'staff.news.hint.date' },
  {
    name: 'text',
    label: 'staff.news.field.text',
    type: 'textarea',
    maxLength: NEWS_LIMITS.text,
    hint: 'staff.news.hint.text',
  },
  {
    name: 'summary',
    label: 'staff.news.field.summary',
    type: 'textarea',
    optional: true,
    maxLength: NEWS_LIMITS.summary,
    hint: 'staff.news.hint.summary',
  },
  { name: 'picture', label: 'staff.news.field.picture', hint: 'staff.news.hint.picture' },
  {
    name: 'alt',
    label: 'staff.news.field.alt',
    maxLength: NEWS_LIMITS.alt,
    hint: 'staff.news.hint.alt',
  },
];

/** The inputs of a news item, for publishing and for correcting one; errors beside each. */
export function NewsFields({
  idPrefix,
  values,
  errors,
}: {
  idPrefix: string;
  values: NewsFormValues;
  errors: NewsErrors;
}) {
  const { t } = useStaffI18n();
  return (
    <>
      {FIELDS.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const error = errors[field.name];
        const describedBy = [field.hint ? `${id}-hint` : '', error ? `${id}-error` : '']
          .filter(Boolean)
          .join(' ');
        const common = {
          id,
          name: field.name,
          defaultValue: values[field.name],
          required: !field.optional,
          maxLength: field.maxLength,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
        };
        return (
          <div className="form-field" key={field.name}>
            <label htmlFor={id}>{t(field.label)}</label>
            {field.hint ? (
              <p className="field-hint" id={`${id}-hint`}>
                {t(field.hint)}
              </p>
            ) : null}
            {field.type === 'textarea' ? (
              <textarea {...common} rows={field.name === 'text' ? 12 : 3} />
            ) : (
              <input
                {...common}
                type={field.type ?? 'text'}
                inputMode={field.name === 'picture' ? 'numeric' : undefined}
              />
            )}
            <FieldError id={id} error={error} />
          </div>
        );
      })}
    </>
  );
}
