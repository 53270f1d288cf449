import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { ADVISORIES_FEED, PAST_ADVISORIES } from '../../shared/advisories.ts';
import { AdvisoryArticle } from '../components/advisories/AdvisoryArticle.tsx';
import { Page } from '../components/page/Page.tsx';
import { services } from '../services-context.ts';

export async function advisoriesLoader({ context }: LoaderFunctionArgs) {
  return services(context).advisoryArchive();
}

/** /advisories: what is in effect now, then the latest that are over; works without JavaScript. */
export function AdvisoriesPage() {
  const { active, past } = useLoaderData<typeof advisoriesLoader>();
  return (
    <Page
      title="Advisories"
      description="Class suspensions, typhoon signals, water and power interruptions and road closures announced by the municipality."
    >
      <section aria-labelledby="advisories-now">
        <h2 id="advisories-now">In effect now</h2>
        {active.length === 0 ? <p>No advisory is in effect right now.</p> : null}
        {active.map((advisory) => (
          <AdvisoryArticle key={advisory.id} advisory={advisory} />
        ))}
      </section>
      <section aria-labelledby="advisories-past">
        <h2 id="advisories-past">Past advisories</h2>
        {past.length === 0 ? <p>There are no past advisories.</p> : null}
        {past.map((advisory) => (
          <AdvisoryArticle key={advisory.id} advisory={advisory} />
        ))}
        {past.length === PAST_ADVISORIES ? (
          <p>The latest {PAST_ADVISORIES} past advisories are shown.</p>
        ) : null}
      </section>
      <p>
        Relays and feed readers can follow every advisory as it is posted, corrected or ended:{' '}
        <a href={ADVISORIES_FEED}>Atom feed of advisories</a>.
      </p>
    </Page>
  );
}
