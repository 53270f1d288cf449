import {
  Link,
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { langOfPath, pathInLang } from '../../shared/i18n/languages.ts';
import type { StaffMessageKey } from '../../shared/i18n/staff-messages-en.ts';
import { useStaffI18n } from '../i18n/useStaffI18n.ts';
import { Page } from '../components/page/Page.tsx';
import { FormMessage } from '../components/staff/FormMessage.tsx';
import { areasFor } from '../components/staff/staff-areas.ts';
import { StaffCard } from '../components/staff/StaffCard.tsx';
import { StaffNav } from '../components/staff/StaffNav.tsx';
import { services } from '../services-context.ts';
import { staffPageSession } from '../staff/staff-page-loader.ts';
import { STAFF_PAGES } from '../staff/staff-pages.ts';
import { SIGNED_OUT_PARAM } from './StaffLoginPage.tsx';
// Staff styles load with the staff pages only; the server links them when it renders one.
import '../styles/staff.css';

/** Each area's name and what it is for, by its path in staff-areas.ts. */
const AREA_WORDS: Record<string, { label: StaffMessageKey; text: StaffMessageKey }> = {
  [STAFF_PAGES.input]: { label: 'staff.home.area.input', text: 'staff.home.area.inputText' },
  [STAFF_PAGES.news]: { label: 'staff.home.area.news', text: 'staff.home.area.newsText' },
  [STAFF_PAGES.advisories]: {
    label: 'staff.home.area.advisories',
    text: 'staff.home.area.advisoriesText',
  },
  [STAFF_PAGES.fullDisclosure]: {
    label: 'staff.home.area.fullDisclosure',
    text: 'staff.home.area.fullDisclosureText',
  },
  [STAFF_PAGES.accounts]: {
    label: 'staff.home.area.accounts',
    text: 'staff.home.area.accountsText',
  },
};

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
          {areasFor(user.roles).map((area) => {
            // An area added to staff-areas.ts before its words are here shows its English.
            const words = AREA_WORDS[area.path];
            return (
              <li key={area.path}>
                <Link to={localPath(area.path)}>{words ? t(words.label) : area.label}</Link>
                <p>{words ? t(words.text) : area.description}</p>
              </li>
            );
          })}
        </ul>
      </StaffCard>
    </Page>
  );
}
