import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  FLASH_KEYS,
  MAX_RECENT_RECORDS,
  RECENT_RECORDS,
  type StaffServices,
} from '../../shared/staff-services.ts';
import { staffEn } from '../../shared/i18n/staff-messages-en.ts';
import { writeAudit } from '../../db/audit-log.ts';
import type { AppDatabase } from '../../db/connection.ts';
import { recentRecords } from '../../db/records/record-detail-queries.ts';
import { knownDeviceFor, rememberDevice } from '../auth/known-device.ts';
import {
  BUSY_MESSAGE,
  retryMinute,
  signIn,
  throttledMessage,
  WRONG_CREDENTIALS,
} from '../auth/sign-in.ts';
import {
  beginStaffSession,
  currentStaff,
  endStaffSession,
  takeFlash,
} from '../plugins/staff-session.ts';
import { newsStaffServices } from '../news/news-staff-services.ts';
import { StaffRefusal, staffWithRole } from '../auth/require-role.ts';
import type { StaffUser } from '../../db/staff-accounts/staff-accounts.ts';
import { addRecordAsStaff } from '../records/add-record.ts';
import { issueFormKey } from '../records/form-keys.ts';
import { amendRecordAsStaff, withdrawRecordAsStaff } from '../records/change-record.ts';

export class NotSignedInError extends Error {
  override name = 'NotSignedInError';
  readonly statusCode = 401;
  constructor() {
    super('Sign in to do this.');
  }
}

/**
 * The signed-in account when it may write procurement records; otherwise the refusal as an
 * outcome (403, shown on the form) or, with nobody signed in, NotSignedInError.
 */
async function bacStaff(
  database: AppDatabase,
  request: FastifyRequest,
): Promise<
  | StaffUser
  | {
      ok: false;
      status: 403;
      code: 'NOT_PERMITTED';
      message: string;
      fieldErrors: Record<string, never>;
    }
> {
  try {
    return await staffWithRole(database, request, 'bac');
  } catch (error) {
    if (!(error instanceof StaffRefusal)) throw error;
    if (error.statusCode === 401) throw new NotSignedInError();
    return {
      ok: false,
      status: 403,
      code: 'NOT_PERMITTED',
      message: error.message,
      fieldErrors: {},
    };
  }
}

/**
 * The staff services for one request. CSRF tokens are checked before these run (the page
 * route and the API both do it), so the token arguments are not looked at again here.
 */
export function createStaffServices(
  database: AppDatabase,
  request: FastifyRequest,
  reply: FastifyReply,
): StaffServices {
  return {
    ...newsStaffServices(database, request),
    async staffSession() {
      const user = await currentStaff(request, database);
      const sessionId = request.session.get('sid');
      const flash = takeFlash(request);
      return {
        user: user && { email: user.email, displayName: user.displayName, roles: user.roles },
        csrfToken: reply.generateCsrf(),
        // The code for pages, and its English for the API's readers.
        flash: flash && { code: flash, message: staffEn[FLASH_KEYS[flash]] },
        formKey: user && sessionId !== undefined ? issueFormKey(sessionId) : null,
      };
    },

    async signIn({ email, password }) {
      const result = await signIn(database, {
        email,
        password,
        address: request.ip,
        knownDevice: (account) => knownDeviceFor(request, account),
        now: request.server.clock.now(),
      });
      if (result.ok) {
        await beginStaffSession(request, database, result.user);
        rememberDevice(request, result.user.email);
        request.session.set('flash', 'SIGNED_IN');
        return { ok: true, roles: result.user.roles };
      }
      if (result.reason === 'throttled') {
        reply.header(
          'retry-after',
          Math.ceil((result.retryAt.getTime() - request.server.clock.now().getTime()) / 1000),
        );
        return {
          ok: false,
          status: 429,
          code: 'TOO_MANY_ATTEMPTS',
          message: throttledMessage(result.retryAt),
          retryAt: retryMinute(result.retryAt),
        };
      }
      if (result.reason === 'busy') {
        request.log.warn('sign-in refused unchecked: too many password checks at once');
        reply.header('retry-after', result.retryAfterSeconds);
        return { ok: false, status: 503, code: 'BUSY', message: BUSY_MESSAGE };
      }
      return { ok: false, status: 401, code: 'WRONG_CREDENTIALS', message: WRONG_CREDENTIALS };
    },

    async signOut() {
      const user = await currentStaff(request, database);
      if (user) {
        await writeAudit(database, {
          action: 'sign-out',
          actor: user.email,
          address: request.ip,
          detail: {},
        });
      }
      await endStaffSession(request, database);
    },

    async addRecord(collection, fields, _csrfToken, formKey) {
      const user = await bacStaff(database, request);
      if ('ok' in user) return user;
      return addRecordAsStaff(database, request, user, collection, fields, formKey);
    },

    async amendRecord(collection, id, amendment) {
      const user = await bacStaff(database, request);
      if ('ok' in user) return user;
      return amendRecordAsStaff(database, request, user, collection, id, amendment);
    },

    async withdrawRecord(collection, id, withdrawal) {
      const user = await bacStaff(database, request);
      if ('ok' in user) return user;
      return withdrawRecordAsStaff(database, request, user, collection, id, withdrawal);
    },

    async recentRecords(limit = RECENT_RECORDS) {
      // A read names its role as the writes do: the records desk is the BAC role's, and an
      // account without it is refused (and audited) here, not shown a form it cannot send.
      await staffWithRole(database, request, 'bac');
      const count = Number.isSafeInteger(limit) ? limit : RECENT_RECORDS;
      return recentRecords(database, Math.min(Math.max(count, 1), MAX_RECENT_RECORDS));
    },
  };
}
