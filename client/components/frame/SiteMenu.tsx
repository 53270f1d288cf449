import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { SiteContent } from '../../../shared/content-types.ts';
import { ChevronIcon, CloseIcon, DownloadIcon, MenuIcon } from '../icons.tsx';
import { menu } from './menu.ts';

/**
 * The sidebar menu. Built on <details> so that it and its sub-menus open without
 * JavaScript; with JavaScript it also closes on navigation and on Escape.
 */
export function SiteMenu({ charter }: { charter: SiteContent['charter'] }) {
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
                  <li key={entry.path}>
                    <NavLink to={entry.path} end className="menu-link">
                      {entry.title}
                    </NavLink>
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
                          <li key={item.path}>
                            <NavLink to={item.path} end className="menu-link">
                              {item.title}
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
