import { LANGUAGES } from '../../shared/i18n/languages.ts';

/**
 * The JSON schema of content text in its object form (shared/i18n/localized-text.ts's
 * `LocalizedObject`): the English always, the Filipino where the municipality wrote it, and
 * `lang` when the one text given is not English.
 */
export function localizedTextSchema(what: string) {
  return {
    type: 'object',
    description: `${what}: \`en\` in English, \`fil\` in Filipino where written (left out where not).`,
    required: ['en'],
    additionalProperties: false,
    properties: {
      en: { type: 'string', description: 'In English (or in `lang` when that is given).' },
      fil: { type: 'string', description: 'In Filipino.' },
      lang: {
        type: 'string',
        enum: [...LANGUAGES],
        description: 'The language `en` is really written in, when it is not English.',
      },
    },
  } as const;
}
