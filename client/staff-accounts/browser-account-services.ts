import {
  ACCOUNT_REFUSALS,
  type AccountOutcome,
  type AccountRefusal,
  type IssuedPassword,
  type SetPasswordOutcome,
  type StaffAccount,
  type StaffAccountServices,
} from '../../shared/staff-accounts/staff-accounts.ts';
import { codeIn } from '../../shared/refusals.ts';
import { ApiError, getJson, sendJson } from '../api-client.ts';

type SetPasswordRefusal = Extract<SetPasswordOutcome, { ok: false }>;

type ErrorBody = {
  code?: string;
  problems?: Record<string, string>;
  message?: string;
  errors?: Record<string, string>;
} | null;

const REFUSED = new Set([400, 403, 404, 409]);

/** A refusal the page shows (bad input, not an administrator, no such account, the rules); anything else throws. */
function refusal(status: number, body: unknown): AccountRefusal {
  const error = body as ErrorBody;
  if (!REFUSED.has(status)) {
    throw new ApiError(status, error?.message ?? `Request failed with status ${status}`);
  }
  return {
    ok: false,
    status: status as AccountRefusal['status'],
    // The services' codes, and the role check's (NOT_PERMITTED); a refusal without one is
    // bad input (a schema's, or the token's).
    code: codeIn(ACCOUNT_REFUSALS, error?.code) ?? 'INVALID_INPUT',
    problems: (error?.problems ?? {}) as AccountRefusal['problems'],
    message: error?.message ?? 'Nothing was changed.',
    fieldErrors: error?.errors ?? {},
  };
}

/** The API's flat answer (the account beside the link or the password) as the services' outcome. */
function issuedOutcome(
  status: number,
  expected: number,
  body: unknown,
): AccountOutcome<{ account: StaffAccount; issued: IssuedPassword }> {
  if (status !== expected) return refusal(status, body);
  const { account, ...issued } = body as { account: StaffAccount } & IssuedPassword;
  return { ok: true, account, issued: issued as IssuedPassword };
}

const accountPath = (email: string) => `/api/staff-accounts/${encodeURIComponent(email)}`;

/** The staff-accounts services in the browser: /api/staff-accounts, /api/set-password and /api/password-reset. */
export const browserAccountServices: StaffAccountServices = {
  staffAccounts: () => getJson('/api/staff-accounts'),

  async addStaffAccount(account, csrfToken) {
    const { status, body } = await sendJson('POST', '/api/staff-accounts', csrfToken, account);
    return issuedOutcome(status, 201, body);
  },

  async changeStaffAccount(email, change, csrfToken) {
    const { status, body } = await sendJson('PATCH', accountPath(email), csrfToken, change);
    if (status !== 200) return refusal(status, body);
    return { ok: true, account: (body as { account: StaffAccount }).account };
  },

  async resetAccountPassword(email, setPassword, csrfToken) {
    const { status, body } = await sendJson(
      'POST',
      `${accountPath(email)}/password-reset`,
      csrfToken,
      { setPassword },
    );
    return issuedOutcome(status, 200, body);
  },

  passwordLink: (token) => getJson(`/api/set-password?${new URLSearchParams({ token })}`),

  async setPasswordWithLink(token, password, csrfToken): Promise<SetPasswordOutcome> {
    const { status, body } = await sendJson('POST', '/api/set-password', csrfToken, {
      token,
      password,
    });
    if (status === 200) return { ok: true, email: (body as { email: string }).email };
    const error = body as ErrorBody;
    if (status !== 400 && status !== 410) {
      throw new ApiError(status, error?.message ?? `Request failed with status ${status}`);
    }
    return {
      ok: false,
      status,
      // The API sends a code with every refusal; without one the link is taken as unknown.
      code: (error?.code ?? 'unknown') as SetPasswordRefusal['code'],
      message: error?.message ?? 'The password was not set.',
      fieldErrors: error?.errors ?? {},
    };
  },

  async requestPasswordReset(email, lang, csrfToken) {
    const { status, body } = await sendJson('POST', '/api/password-reset', csrfToken, {
      email,
      lang,
    });
    if (status !== 202) {
      const message = (body as ErrorBody)?.message;
      throw new ApiError(status, message ?? `Request failed with status ${status}`);
    }
  },
};
