import { useState } from 'react';
import type { Content } from '../../shared/content-types.ts';
import { useHydrated } from '../components/content/useHydrated.ts';
import { ExternalIcon } from '../components/icons.tsx';
import { Modal } from '../components/modal/Modal.tsx';
import { Localized } from '../components/content/Localized.tsx';
import { useI18n } from '../i18n/useI18n.tsx';

type Services = Content['home']['businessServices'];

function PortalLinks({ services }: { services: Services }) {
  const { t } = useI18n();
  return (
    <ul className="portal-links">
      {services.links.map((link) => (
        <li key={link.url}>
          <a className="button" href={link.url} target="_blank" rel="noopener noreferrer">
            <Localized text={link.label} />
            <ExternalIcon />
            <span className="visually-hidden"> {t('frame.opensInNewTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The business services modal. Without JavaScript the same links are an ordinary
 * section of the page; once the page is interactive they move into a dialog behind a button.
 */
export function BusinessServices({ services }: { services: Services }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);

  if (!hydrated) {
    return (
      <section className="business-services-inline" aria-labelledby="business-services-heading">
        <h3 id="business-services-heading">
          <Localized text={services.heading} />
        </h3>
        <p>
          <Localized text={services.intro} />
        </p>
        <PortalLinks services={services} />
      </section>
    );
  }
  return (
    <>
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        <Localized text={services.heading} />
      </button>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy="business-services-heading">
        <h2 id="business-services-heading">
          <Localized text={services.heading} />
        </h2>
        <p>
          <Localized text={services.intro} />
        </p>
        <PortalLinks services={services} />
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Close
        </button>
      </Modal>
    </>
  );
}
