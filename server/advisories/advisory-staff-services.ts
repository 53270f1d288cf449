import type { FastifyRequest } from 'fastify';
import {
  amendAdvisory,
  addAdvisory,
  allAdvisories,
  deleteAdvisory,
  endAdvisory,
  findAdvisory,
  NO_SUCH_ADVISORY,
  type AdvisoryAuthor,
  type AdvisoryWriteOutcome,
} from '../../db/advisories/advisories.ts';
import type { SiteDatabase } from '../../db/site-database.ts';
import {
  checkAdvisory,
  type AdvisoryAmendment,
  type AdvisoryFieldErrors,
  type AdvisoryInput,
  type AdvisoryOutcome,
  type AdvisoryStaffServices,
} from '../../shared/advisories/advisories.ts';
import { DELETION_ROLE } from '../../shared/deletion.ts';
import { staffText } from '../../shared/i18n/staff-text.ts';
import { checkReason } from '../../shared/records/record-validation.ts';
import { roleUsed, type StaffRole } from '../../shared/staff-roles.ts';
import { staffWithRole } from '../auth/require-role.ts';
import { deleteForReason } from '../http/deletion.ts';
import type { Clock } from '../clock.ts';

/** The role every advisory write and the staff list need (admin holds it too). */
const ROLE: StaffRole = 'information';

/** How many advisories the staff list shows. */
const STAFF_LIST = 200;

/** The words of the service's refusals: the API's, in English; a staff page shows its own language. */
const API_WORDS = staffText('en');

type Refusal = Extract<AdvisoryOutcome, { ok: false }>;

function badInput(
  fieldErrors: AdvisoryFieldErrors,
  code: Extract<Refusal['code'], 'INVALID_INPUT' | 'ENDS_PASSED'> = 'INVALID_INPUT',
): Refusal {
  return {
    ok: false,
    status: 400,
    code,
    message: [...new Set(Object.values(fieldErrors))].join(' '),
    fieldErrors,
  };
}

function outcomeOf(outcome: AdvisoryWriteOutcome): AdvisoryOutcome {
  return outcome.ok ? outcome : { ...outcome, fieldErrors: {} };
}

/**
 * The advisory side of the staff services for one request: the JSON API and the
 * /staff/advisories form actions both go through it, so the role, the input and the
 * version are checked here whoever calls. Times come from the app's clock. The role check
 * throws 401 or 403 (audited) before anything is read; CSRF tokens were checked before.
 */
export function advisoryStaffServices(
  database: SiteDatabase,
  clock: Clock,
  request: FastifyRequest,
): AdvisoryStaffServices {
  async function author(role: StaffRole = ROLE): Promise<AdvisoryAuthor> {
    const user = await staffWithRole(database, request, role);
    // An admin posts by holding every role: the audit names the one the account used.
    return {
      actor: user.email,
      address: request.ip,
      role: roleUsed(user.roles, role),
      at: clock.now().toISOString(),
    };
  }

  return {
    async staffAdvisories() {
      const { at } = await author();
      return { now: at, advisories: await allAdvisories(database, at, STAFF_LIST) };
    },

    async postAdvisory(input: AdvisoryInput) {
      const who = await author();
      const checked = checkAdvisory(input, API_WORDS);
      if (!checked.ok) return badInput(checked.errors);
      if (checked.value.ends <= who.at)
        return badInput({ ends: API_WORDS('staff.advisories.error.endsPassed') }, 'ENDS_PASSED');
      const advisory = await addAdvisory(database, checked.value, who);
      request.log.info({ advisory: advisory.id, staff: who.actor }, 'advisory posted');
      return { ok: true, advisory };
    },

    async amendAdvisory(id: number, amendment: AdvisoryAmendment) {
      const who = await author();
      const errors: AdvisoryFieldErrors = {};
      const reason = checkReason(amendment.reason);
      if (!reason.ok) errors.reason = reason.message;
      if (!Number.isSafeInteger(amendment.version) || amendment.version < 1)
        errors.version = API_WORDS('staff.advisories.error.version');
      const stored = await findAdvisory(database, id, who.at);
      if (!stored)
        return {
          ok: false,
          status: 404,
          code: 'NO_SUCH_ADVISORY',
          message: NO_SUCH_ADVISORY,
          fieldErrors: {},
        };
      // Fields left out stay as they are; the whole advisory is checked as it would become.
      const checked = checkAdvisory(
        {
          severity: amendment.severity ?? stored.severity,
          title: amendment.title ?? stored.title,
          text: amendment.text ?? stored.text,
          starts: amendment.starts ?? stored.starts,
          ends: amendment.ends ?? stored.ends,
        },
        API_WORDS,
      );
      if (!checked.ok) Object.assign(errors, checked.errors);
      if (!checked.ok || !reason.ok || errors.version) return badInput(errors);
      const outcome = await amendAdvisory(
        database,
        id,
        { values: checked.value, reason: reason.reason, version: amendment.version },
        who,
      );
      if (outcome.ok) request.log.info({ advisory: id, staff: who.actor }, 'advisory amended');
      return outcomeOf(outcome);
    },

    async endAdvisory(id: number, end: { reason: string }) {
      const who = await author();
      const reason = checkReason(end.reason);
      if (!reason.ok) return badInput({ reason: reason.message });
      const outcome = await endAdvisory(database, id, { reason: reason.reason }, who);
      if (outcome.ok) request.log.info({ advisory: id, staff: who.actor }, 'advisory ended');
      return outcomeOf(outcome);
    },

    async deleteAdvisory(id: number, deletion: { reason: string }) {
      const who = await author(DELETION_ROLE);
      const outcome = await deleteForReason(String(id), deletion.reason, (reason) =>
        deleteAdvisory(database, id, reason, who),
      );
      if (outcome.ok) request.log.info({ advisory: id, staff: who.actor }, 'advisory deleted');
      return outcome;
    },
  };
}
