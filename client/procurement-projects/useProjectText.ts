import { formatMessage } from '../../shared/i18n/format-message.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import {
  projectEn,
  type ProjectMessageKey,
  type ProjectMessages,
} from '../../shared/procurement-projects/project-messages-en.ts';
import { projectFil } from '../../shared/procurement-projects/project-messages-fil.ts';
import type { ReactNode } from 'react';
import { richMessage, useI18n } from '../i18n/useI18n.tsx';

const CATALOGUES: Record<Lang, ProjectMessages> = { en: projectEn, fil: projectFil };

/**
 * A project page's words in the page's language. Both catalogues are imported here, so they
 * travel in the project and plan pages' lazily loaded chunks, never in the first visit's.
 */
export function useProjectText() {
  const i18n = useI18n();
  const messages = CATALOGUES[i18n.lang];
  return {
    ...i18n,
    pt: (key: ProjectMessageKey, values?: Record<string, string | number>) =>
      formatMessage(messages[key], values),
    /** A message with elements (links, emphasis) in its placeholders. */
    prich: (key: ProjectMessageKey, values: Record<string, ReactNode>) =>
      richMessage(messages[key], values),
  };
}
