import { Form, Link, useLocation } from 'react-router-dom';
import type { StaffIdentity } from '../../shared/staff-services.ts';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { STAFF_PAGES } from './staff-pages.ts';
import { areasFor } from './staff-areas.ts';

/**
 * Who is signed in, the areas the account's roles open, and Sign out. Sign out posts to
 * the staff home's action in the page's language, so it works from every staff page
 * without JavaScript and lands on the sign-in page in that language.
 */
export function StaffNav({ user, csrfToken }: { user: StaffIdentity; csrfToken: string }) {
  const { pathname } = useLocation();
  const i18n = useStaffI18n();
  const { t, rich, localPath } = i18n;
  const links = [
    { path: STAFF_PAGES.home, label: t('staff.nav.home') },
    ...areasFor(user.roles).map((area) => ({ path: area.path, label: t(area.labelKey) })),
  ];
  return (
    <div className="staff-bar">
      <p className="staff-user">
        {rich('staff.nav.signedInAs', {
          name: <strong>{user.displayName}</strong>,
          email: user.email,
        })}
      </p>
      <Form method="post" action={localPath(STAFF_PAGES.home)} className="sign-out-form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <button type="submit" name="intent" value="sign-out" className="button button-secondary">
          {t('staff.nav.signOut')}
        </button>
      </Form>
      <nav className="staff-nav" aria-label={t('staff.nav.areas')}>
        <ul>
          {links.map((link) => {
            const path = localPath(link.path);
            return (
              <li key={link.path}>
                <Link to={path} aria-current={pathname === path ? 'page' : undefined}>
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
