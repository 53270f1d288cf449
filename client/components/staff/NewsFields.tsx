import { NEWS_LIMITS, type NewsErrors } from '../../../shared/news.ts';
import { FieldError } from './RecordFieldInputs.tsx';

/** What the news form holds, as typed (the picture as the number an upload gave). */
export type NewsFormValues = Record<
  'title' | 'date' | 'summary' | 'text' | 'picture' | 'alt',
  string
>;

interface FieldSpec {
  name: keyof NewsFormValues;
  label: string;
  hint?: string;
  type?: 'text' | 'date' | 'textarea';
  optional?: boolean;
  maxLength?: number;
}

const FIELDS: FieldSpec[] = [
  { name: 'title', label: 'Title', maxLength: NEWS_LIMITS.title },
  {
    name: 'date',
    label: 'Date',
    type: 'date',
    hint: 'The day of the news, Manila time (YYYY-MM-DD).',
  },
  {
    name: 'text',
    label: 'Text',
    type: 'textarea',
    maxLength: NEWS_LIMITS.text,
    hint: 'Markdown: a blank line between paragraphs, *italic*, **bold**, [words](https://address) for a link (http, https, mailto or a page of this site), lines starting with "- " or "1. " for a list, "## " for a heading. HTML is shown as text.',
  },
  {
    name: 'summary',
    label: 'Summary',
    type: 'textarea',
    optional: true,
    maxLength: NEWS_LIMITS.summary,
    hint: 'Optional: one or two sentences for the news cards. Left empty, the start of the text is used.',
  },
  {
    name: 'picture',
    label: 'Picture number',
    hint: 'Upload the picture with the form above; the number it gets is filled in here.',
  },
  {
    name: 'alt',
    label: 'Picture description (alt text)',
    maxLength: NEWS_LIMITS.alt,
    hint: 'What the picture shows, for people who cannot see it.',
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
            <label htmlFor={id}>{field.label}</label>
            {field.hint ? (
              <p className="field-hint" id={`${id}-hint`}>
                {field.hint}
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
