import {
  Link,
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { langOfPath, pathInLang } from '../../shared/i18n/languages.ts';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { Page } from '../components/page/Page.tsx';
import { FormMessage } from './FormMessage.tsx';
import { areasFor } from './staff-areas.ts';
import { StaffCard } from './StaffCard.tsx';
import { StaffNav } from './StaffNav.tsx';
import { services } from '../services-context.ts';
import { staffPageSession } from './staff-page-loader.ts';
import { STAFF_PAGES } from './staff-pages.ts';
import { SIGNED_OUT_PARAM } from './StaffLoginPage.tsx';
// Staff styles load with the staff pages only; the server links them when it renders one.
import './staff.css';

export async function loader(args: LoaderFunctionArgs) {
  const { user, csrfToken, flash } = await staffPageSession(args);
  return { user, csrfToken, flash };
}

/**
 * Sign out, from the staff navigation of any staff page: to the sign-in page in the
 * language of the address the form was posted to (/fil/staff from a Filipino page).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const lang = langOfPath(new URL(request.url).pathname);
  if (form.get('intent') === 'sign-out') {
    await services(context).signOut(String(form.get('_csrf') ?? ''));
    return redirect(`${pathInLang(STAFF_PAGES.login, lang)}?${SIGNED_OUT_PARAM}`, 303);
  }
  return redirect(pathInLang(STAFF_PAGES.home, lang), 303);
}

/** The staff home: the areas the signed-in account's roles open. */
export function Component() {
  const { user, csrfToken, flash } = useLoaderData<typeof loader>();
  const { t, localPath } = useStaffI18n();
  return (
    <Page title={t('staff.home.title')} description={t('staff.home.description')}>
      <StaffCard>
        <StaffNav user={user} csrfToken={csrfToken} />
        <FormMessage tone="success" message={flash} />
        <h2 className="staff-heading">{t('staff.home.areasHeading')}</h2>
        <ul className="staff-areas">
          {areasFor(user.roles).map((area) => (
            <li key={area.path}>
              <Link to={localPath(area.path)}>{t(area.labelKey)}</Link>
              <p>{t(area.descriptionKey)}</p>
            </li>
          ))}
        </ul>
      </StaffCard>
    </Page>
  );
}
