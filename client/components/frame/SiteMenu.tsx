import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { SiteContent } from '../../../shared/content-types.ts';
import { ChevronIcon, CloseIcon, DownloadIcon, MenuIcon } from '../icons.tsx';
import { useI18n } from '../../i18n/useI18n.tsx';
import { menu } from './menu.ts';
import { Localized } from '../content/Localized.tsx';

/**
 * The sidebar menu. Built on <details> so that it and its sub-menus open without
 * JavaScript; with JavaScript it also closes on navigation and on Escape.
 */
export function SiteMenu({ charter }: { charter: SiteContent['charter'] }) {
  const sidebar = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const { t, localPath } = useI18n();

  useEffect(() => {
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
                  <li key={entry.path}>
                    <NavLink to={localPath(entry.path)} end className="menu-link">
                      {t(entry.title)}
                    </NavLink>
                  </li>
                );
              case 'group':
                return (
                  <li key={JSON.stringify(entry.title)}>
                    <details className="submenu">
                      <summary className="menu-link">
                        {t(entry.title)}
                        <ChevronIcon className="submenu-chevron" />
                      </summary>
                      <ul className="submenu-list">
                        {entry.items.map((item) => (
                          <li key={item.path}>
                            <NavLink to={localPath(item.path)} end className="menu-link">
                              {t(item.title)}
                            </NavLink>
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
