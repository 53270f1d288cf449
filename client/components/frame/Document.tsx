import type { ReactNode } from 'react';
import { ScrollRestoration, useRouteLoaderData } from 'react-router-dom';
import { ASSET_ATTRIBUTE, useDocumentAssets } from '../../document-assets.ts';
import { useI18n } from '../../i18n/useI18n.tsx';
import type { RootData } from '../../root-data.ts';
import { AdvisoryBanners } from '../../advisories/AdvisoryBanners.tsx';
import { BackToTop } from './BackToTop.tsx';
import { DemoNotice } from './DemoNotice.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { useFocusMainOnNavigation } from './useFocusMainOnNavigation.ts';

/** The whole HTML document: head, header, menu, main content, footer and back-to-top. */
export function Document({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const { stylesheets, nonce } = useDocumentAssets();
  const mainRef = useFocusMainOnNavigation();
  const { lang, t } = useI18n();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b4f8a" />
        {root ? <link rel="icon" href={root.site.seal.src} /> : null}
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} {...{ [ASSET_ATTRIBUTE]: '' }} />
        ))}
        {/*
          The page arrives in pieces, and a browser may paint the piece it has: a header whose
          right-hand links were still on the way then moves left as they come in (a layout
          shift). The first paint waits until the parser reaches <main>, so the header is
          whole when first seen; browsers without render-blocking links ignore it.
        */}
        <link rel="expect" href="#main" {...{ blocking: 'render' }} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t('frame.skipToMain')}
        </a>
        {root ? <AdvisoryBanners rendered={root.advisories} /> : null}
        {root?.demoRecords ? <DemoNotice /> : null}
        {root ? <Header site={root.site} menu={root.menu} /> : null}
        <main id="main" tabIndex={-1} ref={mainRef}>
          {children}
        </main>
        {root ? <Footer site={root.site} /> : null}
        <BackToTop />
        <ScrollRestoration nonce={nonce} />
      </body>
    </html>
  );
}
