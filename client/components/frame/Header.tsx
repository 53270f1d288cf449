import { Link } from 'react-router-dom';
import type { MenuEntry, SiteContent } from '../../../shared/content-types.ts';
import { INFO_PAGES } from '../../../shared/info-pages.ts';
import { DownloadIcon, SocialIcon } from '../icons.tsx';
import { Clock } from './Clock.tsx';
import { SiteMenu } from './SiteMenu.tsx';

export function Header({ site, menu }: { site: SiteContent; menu: MenuEntry[] }) {
  return (
    <header className="site-header">
      <div className="header-top">
        <Clock />
        <div className="header-actions">
          <a
            className="icon-link"
            href={site.socialLink.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            <SocialIcon />
            <span className="visually-hidden">{site.socialLink.label} (opens in a new tab)</span>
          </a>
          <a className="icon-link charter-link" href={site.charter.file} download>
            <DownloadIcon />
            <span className="charter-label">{site.charter.label}</span>
            <span className="visually-hidden"> (PDF download)</span>
          </a>
          {/* The seal leads to the index of what it certifies; its alt text names the link. */}
          <Link className="transparency-seal-link" to={INFO_PAGES.transparencySeal}>
            <img
              className="transparency-seal"
              src={site.transparencySeal.src}
              alt={site.transparencySeal.alt}
              width={44}
              height={44}
            />
          </Link>
        </div>
      </div>
      <div className="header-main">
        <SiteMenu menu={menu} charter={site.charter} />
        <Link to="/" className="brand">
          <img src={site.seal.src} alt="" width={56} height={56} className="brand-seal" />
          <span className="brand-text">
            <span className="brand-name">{site.municipality.name}</span>
            <span className="brand-province">{site.municipality.province}</span>
          </span>
        </Link>
      </div>
    </header>
  );
}
