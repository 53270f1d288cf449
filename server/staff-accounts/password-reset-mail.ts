import type { Lang } from '../../shared/i18n/languages.ts';
import { staffText } from '../../shared/i18n/staff-text.ts';
import { formatManilaDateTime } from '../../shared/manila-time.ts';
import { escapeHtml, mailDocument, type ComposedMail } from '../alerts/alert-mail.ts';

/**
 * The mail that carries a forgotten password's set-password link, in the language of the
 * page it was asked from: plain text and HTML, the link written out whole in both so it can
 * be copied where a mail program does not open links.
 */
export function passwordResetMail(
  site: { siteName: string; siteUrl: string; lang: Lang },
  link: { email: string; url: string; expires: string },
): ComposedMail {
  const t = staffText(site.lang);
  const subject = `[${site.siteName}] ${t('staff.resetMail.subject')}`;
  const asked = t('staff.resetMail.asked', { email: link.email, site: site.siteUrl });
  const open = t('staff.resetMail.open', { time: formatManilaDateTime(link.expires, site.lang) });
  const notYou = t('staff.resetMail.notYou');
  const text = [asked, '', open, link.url, '', notYou].join('\n');
  const url = escapeHtml(link.url);
  const html = mailDocument(
    subject,
    `<p>${escapeHtml(asked)}</p><p>${escapeHtml(open)}<br><a href="${url}">${url}</a></p><p>${escapeHtml(notYou)}</p>`,
    site.lang,
  );
  return { subject, text, html };
}
