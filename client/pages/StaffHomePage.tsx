import {
  Link,
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { Page } from '../components/page/Page.tsx';
import { FormMessage } from '../components/staff/FormMessage.tsx';
import { areasFor } from '../components/staff/staff-areas.ts';
import { StaffCard } from '../components/staff/StaffCard.tsx';
import { staffFlash } from '../components/staff/staff-flash.ts';
import { StaffNav } from '../components/staff/StaffNav.tsx';
import { langOfPath } from '../../shared/i18n/languages.ts';
import { staffI18n, useStaffI18n } from '../i18n/useStaffI18n.ts';
import { services } from '../services-context.ts';
import { STAFF_PAGES } from '../staff/staff-pages.ts';
import { SIGNED_OUT_PARAM } from './StaffLoginPage.tsx';
// Staff styles load with the staff pages only; the server links them when it renders one.
import '../styles/staff.css';

export async function loader({ context }: LoaderFunctionArgs) {
  const session = await services(context).staffSession();
  if (!session.user) throw redirect(STAFF_PAGES.login);
  return { user: session.user, csrfToken: session.csrfToken, flash: session.flash };
}

/** Sign out, from the staff navigation of any staff page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get('intent') === 'sign-out') {
    await services(context).signOut(String(form.get('_csrf') ?? ''));
    // Signed out from a Filipino page (StaffNav posts to /fil/staff): the Filipino sign-in page.
    const { localPath } = staffI18n(langOfPath(new URL(request.url).pathname));
    return redirect(localPath(`${STAFF_PAGES.login}?${SIGNED_OUT_PARAM}`), 303);
  }
  return redirect(STAFF_PAGES.home, 303);
}

/** The staff home: the areas the signed-in account's roles open. */
export function Component() {
  const { user, csrfToken, flash } = useLoaderData<typeof loader>();
  const i18n = useStaffI18n();
  return (
    <Page title="Staff area" description="The parts of the website your account can change.">
      <StaffCard>
        <StaffNav user={user} csrfToken={csrfToken} />
        <FormMessage tone="success" message={staffFlash(flash, i18n)} />
        <h2 className="staff-heading">What your account can do</h2>
        <ul className="staff-areas">
          {areasFor(user.roles).map((area) => (
            <li key={area.path}>
              <Link to={i18n.localPath(area.path)}>{i18n.t(area.labelKey)}</Link>
              <p>{i18n.t(area.descriptionKey)}</p>
            </li>
          ))}
        </ul>
      </StaffCard>
    </Page>
  );
}
