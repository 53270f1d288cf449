import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { MenuEntry, SiteContent, SiteLink } from '../../../shared/content-types.ts';
import { ChevronIcon, CloseIcon, DownloadIcon, MenuIcon } from '../icons.tsx';
import { useI18n } from '../../i18n/useI18n.tsx';
import { Localized } from '../content/Localized.tsx';

/** A menu link: a page of this site through the router (in the page's language), another site in a new tab. */
function MenuLink({ link }: { link: SiteLink }) {
  const { t, localPath } = useI18n();
  if (link.href.startsWith('/')) {
    return (
      <NavLink to={localPath(link.href)} end className="menu-link">
        <Localized text={link.title} />
      </NavLink>
    );
  }
  return (
    <a href={link.href} className="menu-link" target="_blank" rel="noopener noreferrer">
      <Localized text={link.title} />{' '}
      <span className="visually-hidden">{t('frame.opensInNewTab')}</span>
    </a>
  );
}

/**
 * The sidebar menu, as content/menu.json lists it. Built on <details> so that it and its
 * sub-menus open without JavaScript; with JavaScript it also closes on navigation and on Escape.
 */
export function SiteMenu({
  menu,
  charter,
}: {
  menu: MenuEntry[];
  charter: SiteContent['charter'];
}) {
  const sidebar = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const { t } = useI18n();

  // Closed after a navigation, not when the page hydrates: a menu opened before the
  // JavaScript arrived (a slow phone) stays open.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (sidebar.current) sidebar.current.open = false;
  }, [pathname]);

  useEffect(() => {
    function closeOnEscape(event: KeyboardEvent) {
      const details = sidebar.current;
      if (event.key !== 'Escape' || !details?.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    }
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, []);

  return (
    <details className="site-menu" ref={sidebar}>
      <summary className="menu-toggle">
        <MenuIcon className="when-closed" />
        <CloseIcon className="when-open" />
        <span className="menu-toggle-label">{t('frame.menu')}</span>
      </summary>
      <nav className="sidebar" aria-label={t('frame.mainNavigation')}>
        <ul className="menu-list">
          {menu.map((entry) => {
            switch (entry.kind) {
              case 'link':
                return (
                  <li key={entry.href}>
                    <MenuLink link={entry} />
                  </li>
                );
              case 'group':
                return (
                  <li key={JSON.stringify(entry.title)}>
                    <details className="submenu">
                      <summary className="menu-link">
                        <Localized text={entry.title} />
                        <ChevronIcon className="submenu-chevron" />
                      </summary>
                      <ul className="submenu-list">
                        {entry.items.map((item) => (
                          <li key={item.href}>
                            <MenuLink link={item} />
                          </li>
                        ))}
                      </ul>
                    </details>
                  </li>
                );
              case 'charter':
                return (
                  <li key="charter">
                    <a href={charter.file} download className="menu-link">
                      <DownloadIcon />
                      <Localized text={charter.label} />{' '}
                      <span className="visually-hidden">{t('frame.pdfDownload')}</span>
                    </a>
                  </li>
                );
            }
          })}
        </ul>
      </nav>
    </details>
  );
}
