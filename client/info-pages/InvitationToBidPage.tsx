import { useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { PhotoGallery } from '../components/gallery/PhotoGallery.tsx';
import { Page } from '../components/page/Page.tsx';
import { Localized } from '../components/content/Localized.tsx';
import { useI18n } from '../i18n/useI18n.tsx';

export const invitationToBidLoader = partsLoader('invitationToBid');

export function InvitationToBidPage() {
  const { invitationToBid } = useLoaderData<typeof invitationToBidLoader>();
  const { t, plain } = useI18n();
  return (
    <Page
      title={t('invitation.title')}
      description={t('invitation.description')}
      headerImage={invitationToBid.headerImage}
    >
      <p className="lead">
        <Localized text={invitationToBid.intro} />
      </p>
      {invitationToBid.lots.map((lot) => {
        const headingId = `lot-${lot.lot.toLowerCase()}`;
        return (
          <section key={lot.lot} className="lot" aria-labelledby={headingId}>
            <h2 id={headingId}>{t('invitation.lot', { lot: lot.lot, name: plain(lot.name) })}</h2>
            <PhotoGallery photos={lot.photos} idPrefix={headingId} />
          </section>
        );
      })}
    </Page>
  );
}
