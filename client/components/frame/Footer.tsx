import { Link } from 'react-router-dom';
import type { SiteContent } from '../../../shared/content-types.ts';
import { useI18n } from '../../i18n/useI18n.tsx';
import { SocialIcon } from '../icons.tsx';
import { Localized } from '../content/Localized.tsx';

export function Footer({ site }: { site: SiteContent }) {
  const { t, localPath } = useI18n();
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-heading">
            {site.municipality.name}
          </h2>
          <p>{site.municipality.province}</p>
          <p>
            <Localized text={site.municipality.tagline} />
          </p>
          <a
            className="footer-social"
            href={site.socialLink.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            <SocialIcon />
            <Localized text={site.socialLink.label} />
            <span className="visually-hidden"> {t('frame.opensInNewTab')}</span>
          </a>
          <p>
            <Link to={localPath('/open-data')}>{t('frame.openData')}</Link>
          </p>
          {/* Staff reach their sign-in from any page, not only from the Bids and Awards hub. */}
          <p>
            <Link to={localPath('/bac-login')}>{t('frame.staffSignIn')}</Link>
          </p>
        </section>
        <nav aria-labelledby="footer-government">
          <h2 id="footer-government" className="footer-heading">
            {t('frame.governmentLinks')}
          </h2>
          <ul className="footer-links">
            {site.governmentLinks.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  <Localized text={link.label} />
                  <span className="visually-hidden"> {t('frame.opensInNewTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="footer-statement">
        <Link to={localPath('/accessibility')}>{t('frame.accessibility')}</Link>
      </p>
      <p className="footer-copy">{t('frame.publicDomain', { name: site.municipality.name })}</p>
    </footer>
  );
}
