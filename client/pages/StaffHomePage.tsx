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
import { StaffNav } from '../components/staff/StaffNav.tsx';
import { services } from '../services-context.ts';
import { STAFF_PAGES } from '../staff/staff-pages.ts';
import { staffPageSession } from '../staff/staff-page-loader.ts';
import { SIGNED_OUT_PARAM } from './StaffLoginPage.tsx';
// Staff styles load with the staff pages only; the server links them when it renders one.
import '../styles/staff.css';

export async function loader(args: LoaderFunctionArgs) {
  const { user, csrfToken, flash } = await staffPageSession(args);
  return { user, csrfToken, flash };
}

/** Sign out, from the staff navigation of any staff page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get('intent') === 'sign-out') {
    await services(context).signOut(String(form.get('_csrf') ?? ''));
    return redirect(`${STAFF_PAGES.login}?${SIGNED_OUT_PARAM}`, 303);
  }
  return redirect(STAFF_PAGES.home, 303);
}

/** The staff home: the areas the signed-in account's roles open. */
export function Component() {
  const { user, csrfToken, flash } = useLoaderData<typeof loader>();
  return (
    <Page title="Staff area" description="The parts of the website your account can change.">
      <StaffCard>
        <StaffNav user={user} csrfToken={csrfToken} />
        <FormMessage tone="success" message={flash} />
        <h2 className="staff-heading">What your account can do</h2>
        <ul className="staff-areas">
          {areasFor(user.roles).map((area) => (
            <li key={area.path}>
              <Link to={area.path}>{area.label}</Link>
              <p>{area.description}</p>
            </li>
          ))}
        </ul>
      </StaffCard>
    </Page>
  );
}
