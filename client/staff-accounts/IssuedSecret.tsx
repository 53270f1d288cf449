import { pathInLang, type Lang } from '../../shared/i18n/languages.ts';
import { formatManilaDateTime } from '../../shared/manila-time.ts';
import type { IssuedPassword } from '../../shared/staff-accounts/staff-accounts.ts';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';

/**
 * A set-password link (absolute from SITE_URL, or a path) opening the page in `lang`: the
 * administrator hands on a link in the language they were using, and its page has the
 * language switch.
 */
export function linkInLang(link: string, lang: Lang): string {
  if (link.startsWith('/')) return pathInLang(link, lang);
  const url = new URL(link);
  url.pathname = pathInLang(url.pathname, lang);
  return url.href;
}

/** The link or password, shown once, with what to do with it. */
export function IssuedSecret({ email, issued }: { email: string; issued: IssuedPassword }) {
  const { t, lang } = useStaffI18n();
  return (
    <section className="change-record" aria-labelledby="issued-heading">
      <h2 id="issued-heading">
        {t(
          issued.password !== undefined
            ? 'staff.accounts.issuedPassword'
            : 'staff.accounts.issuedLink',
          { email },
        )}
      </h2>
      <code className="issued-secret">
        {issued.password ?? linkInLang(issued.setPasswordLink, lang)}
      </code>
      <p>{t('staff.accounts.issuedOnce')}</p>
      {issued.linkExpires ? (
        <p>
          {t('staff.accounts.issuedLinkWorks', {
            time: formatManilaDateTime(issued.linkExpires, lang),
          })}
        </p>
      ) : (
        <p>{t('staff.accounts.issuedKeep')}</p>
      )}
    </section>
  );
}
