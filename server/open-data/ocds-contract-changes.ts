import { amendmentsOfProject } from '../../db/procurement-projects/contract-amendments.ts';
import { completionsOfProject } from '../../db/procurement-projects/project-completions.ts';
import { projectByKey } from '../../db/procurement-projects/project-notices.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import { formatDecimal } from '../../shared/money.ts';
import { hostedDocumentOf } from '../procurement-projects/project-completion-detail.ts';
import type { OcdsSettings } from './ocds-release-builder.ts';
import type { Amendment, Contract, Document, Release } from './ocds-types.ts';

/*
 * A project's contract amendments (variation orders) and its completion in OCDS (issue 34):
 * a `contractAmendment` release per amendment, carrying the contract's value after it and
 * every amendment so far in `contracts[].amendments`, and a `contractTermination` release
 * per statement of the completion (contract status `terminated`, `period.endDate` the day,
 * the certificate in `implementation.documents`). They extend the contract the Notice to
 * Proceed published, by its id, so the compiled release holds one contract.
 */

/** A Manila calendar day as the start of that day in Manila: OCDS dates are date-times. */
const manilaDayStart = (day: string) => `${day}T00:00:00+08:00`;

const pesos = (centavos: number) => `PHP ${formatDecimal(centavos)}`;

type Row = Parameters<typeof hostedDocumentOf>[0] & { id: number; created: string };

function documentOf(
  settings: OcdsSettings,
  row: Row,
  id: string,
  documentType: string,
  title: string,
): Document[] {
  const hosted = hostedDocumentOf(row);
  if (!hosted) return [];
  return [
    {
      id,
      documentType,
      title,
      description: `SHA-256 ${hosted.sha256}, ${hosted.bytes} bytes.`,
      url: `${settings.siteUrl}${hosted.url}`,
      datePublished: row.created,
      format: hosted.type,
      language: 'en',
    },
  ];
}

/**
 * The releases of a project's amendments and completion, given the process's other
 * releases; none when the process has no contract (no Notice to Proceed) for them to extend.
 */
export async function contractChangeReleases(
  database: SiteDatabase,
  settings: OcdsSettings,
  processKey: string,
  releases: readonly Release[],
): Promise<Release[]> {
  const project = await projectByKey(database, processKey);
  const base = releases.filter((release) => release.contracts?.length).at(-1);
  const contract = base?.contracts?.[0];
  if (!project || !base || !contract) return [];
  const { ocid, parties, buyer } = base;
  const release = (id: string, date: string, tag: Release['tag'], changed: Contract): Release => ({
    ocid,
    id,
    date,
    tag,
    initiationType: 'tender',
    language: 'en',
    parties,
    buyer,
    contracts: [changed],
  });
  const changes: Release[] = [];
  let previousRelease = base.id;
  let previousAmount = contract.value ? Math.round(contract.value.amount * 100) : null;
  const amendments: Amendment[] = [];
  for (const row of await amendmentsOfProject(database, project.id)) {
    const id = `contract_amendments-${row.id}-v1`;
    amendments.push({
      id: `contract_amendments-${row.id}`,
      date: manilaDayStart(row.date),
      rationale: row.reason,
      description: `Contract amount changed from ${previousAmount === null ? 'an amount not published' : pesos(previousAmount)} to ${pesos(row.amount)}.`,
      amendsReleaseID: previousRelease,
      releaseID: id,
    });
    const documents = documentOf(
      settings,
      row,
      `contract_amendments-${row.id}-variation-order`,
      'contractAnnexe',
      'Signed variation order',
    );
    changes.push(
      release(id, row.created, ['contractAmendment'], {
        id: contract.id,
        awardID: contract.awardID,
        value: { amount: Number(formatDecimal(row.amount)), currency: 'PHP' },
        ...(documents.length > 0 ? { documents } : {}),
        amendments: [...amendments],
      }),
    );
    previousRelease = id;
    previousAmount = row.amount;
  }
  for (const row of await completionsOfProject(database, project.id)) {
    const documents = documentOf(
      settings,
      row,
      `project_completions-${row.id}-certificate`,
      'completionCertificate',
      'Certificate of completion or acceptance',
    );
    changes.push(
      release(`project_completions-${row.id}-v1`, row.created, ['contractTermination'], {
        id: contract.id,
        awardID: contract.awardID,
        status: 'terminated',
        period: { endDate: manilaDayStart(row.date) },
        ...(documents.length > 0 ? { implementation: { documents } } : {}),
      }),
    );
  }
  return changes;
}
