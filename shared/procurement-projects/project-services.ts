import type { StaffMessageKey } from '../i18n/staff-messages-en.ts';
import type { ParameterValue } from '../records/list-query.ts';
import { MAX_SEARCH_LENGTH, single } from '../records/list-query.ts';
import {
  PROJECT_STATUSES,
  type ProcurementProjectDetail,
  type ProcurementProjectPage,
  type ProjectListQuery,
  type ProjectStatus,
} from './procurement-project.ts';

/** What the project page and the staff form's project search ask the services for. */
export interface ProcurementProjectServices {
  /** One page of projects; the staff form's search reads the first. */
  procurementProjects(
    query: ProjectListQuery,
    signal?: AbortSignal,
  ): Promise<ProcurementProjectPage>;
  /** A project by its OCID; undefined when the site has none with it. */
  procurementProject(
    ocid: string,
    signal?: AbortSignal,
  ): Promise<ProcurementProjectDetail | undefined>;
}

/** Why moving a notice to another project was refused (POST /api/procurements/<ocid>/notices). */
export const PROJECT_REFUSALS = [
  'INVALID_INPUT',
  'NOT_PERMITTED',
  'NO_SUCH_RECORD',
  'NO_SUCH_PROJECT',
  'ALREADY_IN_PROJECT',
] as const;
export type ProjectRefusalCode = (typeof PROJECT_REFUSALS)[number];

export const PROJECT_REFUSAL_KEYS: Record<ProjectRefusalCode, StaffMessageKey> = {
  INVALID_INPUT: 'staff.project.moveFailed',
  NOT_PERMITTED: 'staff.input.noBacRole',
  NO_SUCH_RECORD: 'staff.change.noSuchRecord',
  NO_SUCH_PROJECT: 'staff.project.noSuchProject',
  ALREADY_IN_PROJECT: 'staff.project.alreadyInProject',
};

/** What the staff form's project choice sends for "start a new project". */
export const NEW_PROJECT = 'new';

/**
 * The process key of an OCID: what follows the publisher's prefix (`ocds-` and six
 * letters or digits, as content/site.json's openData.ocidPrefix must be).
 */
export function processKeyOf(ocid: string): string | undefined {
  const match = /^ocds-[a-z0-9]{6}-(.+)$/.exec(ocid.trim());
  return match?.[1];
}

export type ParsedProjectQuery =
  { ok: true; value: ProjectListQuery } | { ok: false; message: string };

/** The longest supplier id the filter reads (a PhilGEPS number or a name's slug). */
export const MAX_SUPPLIER_ID_LENGTH = 200;

/**
 * Reads the projects list's query as a URL carries it: `q`, `page`, `year`, `mode`,
 * `status`, `supplier`; missing ones are no filter. Any input gets an answer, never an
 * exception.
 */
export function parseProjectListQuery(params: {
  q?: ParameterValue;
  page?: ParameterValue;
  year?: ParameterValue;
  mode?: ParameterValue;
  status?: ParameterValue;
  supplier?: ParameterValue;
}): ParsedProjectQuery {
  const [q, page, year, mode, status, supplier] = [
    params.q,
    params.page,
    params.year,
    params.mode,
    params.status,
    params.supplier,
  ].map((value) => single(value)?.trim() ?? null);
  if ([q, page, year, mode, status, supplier].includes(null)) {
    return {
      ok: false,
      message: 'Give each of q, page, year, mode, status and supplier at most once.',
    };
  }
  if ([...supplier!].length > MAX_SUPPLIER_ID_LENGTH || /\p{Cc}/u.test(supplier!)) {
    return {
      ok: false,
      message: `A supplier id is at most ${MAX_SUPPLIER_ID_LENGTH} characters, as /suppliers/<id> shows it.`,
    };
  }
  if ([...q!].length > MAX_SEARCH_LENGTH || /\p{Cc}/u.test(q!)) {
    return {
      ok: false,
      message: `Search text must be at most ${MAX_SEARCH_LENGTH} characters, without control characters.`,
    };
  }
  if (page !== '' && !/^[1-9][0-9]{0,8}$/.test(page!)) {
    return { ok: false, message: 'Page must be a whole number from 1.' };
  }
  if (year !== '' && !/^[12][0-9]{3}$/.test(year!)) {
    return { ok: false, message: 'Year must be four digits, e.g. 2026.' };
  }
  if (status !== '' && !PROJECT_STATUSES.includes(status as ProjectStatus)) {
    return { ok: false, message: `Status must be one of ${PROJECT_STATUSES.join(', ')}.` };
  }
  return {
    ok: true,
    value: {
      q: q!.normalize('NFC'),
      page: page === '' ? 1 : Number(page),
      year: year === '' ? undefined : Number(year),
      mode: mode === '' ? undefined : mode!.slice(0, 300),
      status: status === '' ? undefined : (status as ProjectStatus),
      ...(supplier === '' ? {} : { supplier: supplier! }),
    },
  };
}
