import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/connection.ts';
import { tokenSha256 } from '../../db/staff-accounts/password-links.ts';
import { requestPasswordResetLink } from '../../db/staff-accounts/password-reset.ts';
import { normalizeEmail } from '../../db/staff-accounts/staff-accounts.ts';
import type { Lang } from '../../shared/i18n/languages.ts';
import { PASSWORD_LINK_HOURS } from '../../shared/staff-accounts/staff-accounts.ts';
import type { AlertService } from '../alerts/alert-service.ts';
import { clientNetwork } from '../alerts/mail-address.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Per address (without case): its owner's inbox gets at most this many links an hour. */
const PER_ADDRESS = 3;
/** Per client network (IPv4 /24, IPv6 /64): an office's staff all forgetting at once, not a flood. */
const PER_NETWORK = 10;

/**
 * A forgotten staff password (issue 31): mails the account with this address a set-password
 * link, by the administrator's rules (the same token storage and expiry, one use, ended by
 * disabling and by any newer link or password). The old password keeps working until the
 * link is used, so a stranger asking for someone's link locks no one out.
 *
 * The caller answers every request the same (no account, a disabled one, a refused one), so
 * the work here is the same for each too: a token is made and a transaction committed
 * whatever the address, and the mail goes through the outbox, so the answer never waits
 * for the mail server. Only the log and the audit say what happened; neither holds a token.
 */
export async function requestPasswordReset(
  database: AppDatabase,
  request: FastifyRequest,
  mail: Pick<AlertService, 'tokens' | 'wake'>,
  { email, lang }: { email: string; lang: Lang },
): Promise<void> {
  const now = request.server.clock.now();
  const address = normalizeEmail(email);
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  const nonce = randomBytes(32).toString('base64url');
  const outcome = await requestPasswordResetLink(database, {
    email: address,
    address: request.ip,
    at: now.toISOString(),
    limits: [
      {
        name: 'address',
        key: mail.tokens.blind(`password-reset:email:${address}`),
        limit: PER_ADDRESS,
        since,
      },
      {
        name: 'network',
        key: mail.tokens.blind(`password-reset:client:${clientNetwork(request.ip)}`),
        limit: PER_NETWORK,
        since,
      },
    ],
    pruneBefore: since,
    link: {
      tokenSha256: tokenSha256(mail.tokens.passwordToken(nonce)),
      created: now.toISOString(),
      expires: new Date(now.getTime() + PASSWORD_LINK_HOURS * HOUR_MS).toISOString(),
    },
    nonce,
    lang,
  });
  if (outcome === 'throttled') request.log.warn({ outcome }, 'password reset refused: rate limit');
  else request.log.info({ outcome }, 'password reset requested');
  mail.wake();
}
