import { Link, useLoaderData } from 'react-router-dom';
import { recordKinds } from '../../shared/record-kinds.ts';
import { ALL_LISTS } from '../../shared/alerts/alert-subscription.ts';
import { SUPPLIERS_PATH } from '../../shared/suppliers/suppliers.ts';
import { PLAN_PATH } from '../../shared/procurement-projects/procurement-plan.ts';
import { AlertSignup } from '../alerts/AlertSignup.tsx';
import { StaffLoginButton } from '../staff/StaffLoginButton.tsx';
import { partsLoader } from '../components/content/parts-loader.ts';
import { DocumentIcon } from '../components/icons.tsx';
import { Page } from '../components/page/Page.tsx';
import { Localized } from '../components/content/Localized.tsx';
import { useI18n } from '../i18n/useI18n.tsx';

export const bidsAndAwardsLoader = partsLoader('bidsAndAwards');

export function BidsAndAwardsPage() {
  const { bidsAndAwards } = useLoaderData<typeof bidsAndAwardsLoader>();
  const { t, localPath } = useI18n();
  return (
    <Page
      title={t('bids.title')}
      description={t('bids.description')}
      headerImage={bidsAndAwards.headerImage}
    >
      <p className="lead">
        <Localized text={bidsAndAwards.intro} />
      </p>
      <nav aria-label={t('bids.lists')}>
        <ul className="card-grid list-links">
          {recordKinds.map((kind) => (
            <li key={kind.route}>
              <Link className="card list-link" to={localPath(kind.route)}>
                <DocumentIcon />
                <Localized text={kind.title} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Not one of the eight lists of notices, so outside their navigation: drawn from them. */}
      <p>
        <Link to={localPath(SUPPLIERS_PATH)}>{t('bids.suppliers')}</Link>
      </p>
      <p>
        <Link to={localPath(PLAN_PATH)}>{t('bids.plan')}</Link>
      </p>
      <p>
        {t('bids.lotsBefore')}{' '}
        <Link to={localPath('/invitation-to-bid')}>{t('bids.lotsLink')}</Link>
        {t('bids.lotsAfter')}
      </p>
      <AlertSignup
        heading={t('bids.alertsHeading')}
        values={{ lists: [ALL_LISTS], keyword: '', frequency: 'immediate' }}
      />
      <StaffLoginButton />
    </Page>
  );
}
