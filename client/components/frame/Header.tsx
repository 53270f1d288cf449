import { Link } from 'react-router-dom';
import type { MenuEntry, SiteContent } from '../../../shared/content-types.ts';
import { INFO_PAGES } from '../../../shared/info-pages.ts';
import { DownloadIcon, SocialIcon } from '../icons.tsx';
import { useI18n } from '../../i18n/useI18n.tsx';
import { Clock } from './Clock.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { SiteMenu } from './SiteMenu.tsx';
import { Localized } from '../content/Localized.tsx';

export function Header({ site, menu }: { site: SiteContent; menu: MenuEntry[] }) {
  const { t, localPath, plain } = useI18n();
  return (
    <header className="site-header">
      <div className="header-top">
        <Clock />
        <div className="header-actions">
          <LanguageSwitch />
          <a
            className="icon-link"
            href={site.socialLink.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            <SocialIcon />
            <span className="visually-hidden">{`${plain(site.socialLink.label)} ${t('frame.opensInNewTab')}`}</span>
          </a>
          <a className="icon-link charter-link" href={site.charter.file} download>
            <DownloadIcon />
            <span className="charter-label">
              <Localized text={site.charter.label} />
            </span>
            <span className="visually-hidden"> {t('frame.pdfDownload')}</span>
          </a>
          {/* The seal leads to the index of what it certifies; its alt text names the link. */}
          <Link className="transparency-seal-link" to={localPath(INFO_PAGES.transparencySeal)}>
            <img
              className="transparency-seal"
              src={site.transparencySeal.src}
              alt={plain(site.transparencySeal.alt)}
              width={44}
              height={44}
            />
          </Link>
        </div>
      </div>
      <div className="header-main">
        <SiteMenu menu={menu} charter={site.charter} />
        <Link to={localPath('/')} className="brand">
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
