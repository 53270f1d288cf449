import { useLocation, useRouteLoaderData } from 'react-router-dom';
import { LANGUAGES, pathInLang } from '../../../shared/i18n/languages.ts';
import type { RootData } from '../../root-data.ts';
import { useI18n } from '../../i18n/useI18n.tsx';

/** The page's own path, one slash between segments and none at the end: the query never counts. */
export function canonicalPath(pathname: string): string {
  return `/${pathname.split('/').filter(Boolean).join('/')}`;
}

interface SharingMetaProps {
  title: string;
  description: string;
  /** Error pages have no address of their own to name as canonical. */
  canonical: boolean;
}

/**
 * Canonical link and Open Graph tags, which React places in the head. Absolute URLs come
 * from SITE_URL only; without it the canonical link is relative (HTML allows that) and
 * og:url and og:image, which Open Graph requires to be absolute, are left out.
 */
export function SharingMeta({ title, description, canonical }: SharingMetaProps) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const { pathname } = useLocation();
  const { plain } = useI18n();
  if (!root) return null;
  const { site, siteUrl } = root;
  const path = canonicalPath(pathname);
  return (
    <>
      {canonical ? <link rel="canonical" href={siteUrl ? siteUrl + path : path} /> : null}
      {/* The same page in each language, and English for everyone else. */}
      {canonical
        ? [...LANGUAGES, 'x-default' as const].map((lang) => {
            const href = pathInLang(path, lang === 'x-default' ? 'en' : lang);
            return (
              <link
                key={lang}
                rel="alternate"
                hrefLang={lang}
                href={siteUrl ? siteUrl + href : href}
              />
            );
          })
        : null}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.municipality.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {siteUrl && canonical ? <meta property="og:url" content={siteUrl + path} /> : null}
      {siteUrl ? <meta property="og:image" content={siteUrl + site.seal.src} /> : null}
      {siteUrl ? <meta property="og:image:alt" content={plain(site.seal.alt)} /> : null}
    </>
  );
}
