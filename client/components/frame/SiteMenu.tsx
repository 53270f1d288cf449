import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { MenuEntry, SiteContent, SiteLink } from '../../../shared/content-types.ts';
import { ChevronIcon, CloseIcon, DownloadIcon, MenuIcon } from '../icons.tsx';

/** A menu link: a page of this site through the router, another site in a new tab. */
function MenuLink({ link }: { link: SiteLink }) {
  if (link.href.startsWith('/')) {
    return (
      <NavLink to={link.href} end className="menu-link">
        {link.title}
      </NavLink>
    );
  }
  return (
    <a href={link.href} className="menu-link" target="_blank" rel="noopener noreferrer">
      {link.title} <span className="visually-hidden">(opens in a new tab)</span>
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
        <span className="menu-toggle-label">Menu</span>
      </summary>
      <nav className="sidebar" aria-label="Main">
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
                  <li key={entry.title}>
                    <details className="submenu">
                      <summary className="menu-link">
                        {entry.title}
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
                      {charter.label} <span className="visually-hidden">(PDF download)</span>
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
