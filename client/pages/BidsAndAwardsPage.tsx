import { Link, useLoaderData } from 'react-router-dom';
import { recordKinds } from '../../shared/record-kinds.ts';
import { ALL_LISTS } from '../../shared/alert-subscription.ts';
import { AlertSignup } from '../components/alerts/AlertSignup.tsx';
import { StaffLoginButton } from '../components/staff/StaffLoginButton.tsx';
import { partsLoader } from '../components/content/parts-loader.ts';
import { DocumentIcon } from '../components/icons.tsx';
import { Page } from '../components/page/Page.tsx';

export const bidsAndAwardsLoader = partsLoader('bidsAndAwards');

export function BidsAndAwardsPage() {
  const { bidsAndAwards } = useLoaderData<typeof bidsAndAwardsLoader>();
  return (
    <Page
      title="Bids and Awards"
      description="Procurement documents published by the Bids and Awards Committee."
      headerImage={bidsAndAwards.headerImage}
    >
      <p className="lead">{bidsAndAwards.intro}</p>
      <nav aria-label="Procurement lists">
        <ul className="card-grid list-links">
          {recordKinds.map((kind) => (
            <li key={kind.route}>
              <Link className="card list-link" to={kind.route}>
                <DocumentIcon />
                {kind.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>
        Items for sale by public bidding are shown by lot on the{' '}
        <Link to="/invitation-to-bid">Invitation to Bid</Link> page.
      </p>
      <AlertSignup
        heading="Get new notices by e-mail"
        values={{ lists: [ALL_LISTS], keyword: '', frequency: 'immediate' }}
      />
      <StaffLoginButton />
    </Page>
  );
}
