import { Form, Link, useLocation } from 'react-router-dom';
import type { StaffIdentity } from '../../../shared/staff-services.ts';
import { STAFF_PAGES } from '../../staff/staff-pages.ts';
import { areasFor } from './staff-areas.ts';

/**
 * Who is signed in, the areas the account's roles open, and Sign out. Sign out posts to
 * the staff home's action, so it works from every staff page without JavaScript.
 */
export function StaffNav({ user, csrfToken }: { user: StaffIdentity; csrfToken: string }) {
  const { pathname } = useLocation();
  const links = [{ path: STAFF_PAGES.home, label: 'Staff home' }, ...areasFor(user.roles)];
  return (
    <div className="staff-bar">
      <p className="staff-user">
        Signed in as <strong>{user.displayName}</strong> ({user.email})
      </p>
      <Form method="post" action={STAFF_PAGES.home} className="sign-out-form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <button type="submit" name="intent" value="sign-out" className="button button-secondary">
          Sign out
        </button>
      </Form>
      <nav className="staff-nav" aria-label="Staff areas">
        <ul>
          {links.map((link) => (
            <li key={link.path}>
              <Link to={link.path} aria-current={pathname === link.path ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
