import { useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { PhotoGallery } from '../components/gallery/PhotoGallery.tsx';
import { Page } from '../components/page/Page.tsx';

export const invitationToBidLoader = partsLoader('invitationToBid');

export function InvitationToBidPage() {
  const { invitationToBid } = useLoaderData<typeof invitationToBidLoader>();
  return (
    <Page
      title="Invitation to Bid"
      description="Photos of the items offered for public bidding, by lot."
      headerImage={invitationToBid.headerImage}
    >
      <p className="lead">{invitationToBid.intro}</p>
      {invitationToBid.lots.map((lot) => {
        const headingId = `lot-${lot.lot.toLowerCase()}`;
        return (
          <section key={lot.lot} className="lot" aria-labelledby={headingId}>
            <h2 id={headingId}>
              Lot {lot.lot}: {lot.name}
            </h2>
            <PhotoGallery photos={lot.photos} idPrefix={headingId} />
          </section>
        );
      })}
    </Page>
  );
}
