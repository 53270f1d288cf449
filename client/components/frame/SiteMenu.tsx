import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { MenuEntry, SiteContent, SiteLink } from '../../../shared/content-types.ts';
import { ChevronIcon, CloseIcon, DownloadIcon, MenuIcon } from '../icons.tsx';
import { useI18n } from '../../i18n/useI18n.tsx';
import { Localized } from '../content/Localized.tsx';
import { wrapTab } from '../focus/wrap-tab.ts';

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

const FOCUSABLE = 'summary, a[href], button:not([disabled])';

/**
 * The sidebar menu, as content/menu.json lists it. Built on <details> so that it and its
 * sub-menus open without JavaScript; with JavaScript it also closes on navigation, on Escape
 * and on a click on the overlay, and keeps Tab inside while open.
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
    const current = sidebar.current;
    if (!current) return;
    const details: HTMLDetailsElement = current;
    const toggle = details.querySelector('summary');
    function close(returnFocus: boolean) {
      if (!details.open) return;
      details.open = false;
      if (returnFocus) toggle?.focus();
    }
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key === 'Escape') close(true);
    }
    // The open panel covers the page: Tab past its last item (or Shift+Tab before the Menu
    // button) would put focus on a link hidden under it, so Tab cycles inside instead.
    function keepFocusInside(event: KeyboardEvent) {
      if (event.key !== 'Tab' || !details.open) return;
      const shown = Array.from(details.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) =>
        element.checkVisibility(),
      );
      wrapTab(event, shown);
    }
    // Focus that leaves another way (a click elsewhere, a screen reader's own keys) closes
    // the menu, so what it lands on is no longer under the panel.
    function closeWhenFocusLeaves(event: FocusEvent) {
      if (event.target instanceof Node && !details.contains(event.target)) close(false);
    }
    // The dimmed overlay is the details element's ::before, so a click on it targets the
    // details element itself.
    function closeOnOverlay(event: MouseEvent) {
      if (event.target === details) close(true);
    }
    details.addEventListener('keydown', keepFocusInside);
    details.addEventListener('click', closeOnOverlay);
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('focusin', closeWhenFocusLeaves);
    return () => {
      details.removeEventListener('keydown', keepFocusInside);
      details.removeEventListener('click', closeOnOverlay);
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('focusin', closeWhenFocusLeaves);
    };
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
