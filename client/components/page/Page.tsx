import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router-dom';
import type { Picture as PictureContent } from '../../../shared/content-types.ts';
import type { RootData } from '../../root-data.ts';
import type { Lang } from '../../../shared/i18n/languages.ts';
import { Picture } from '../picture/Picture.tsx';
import { SharingMeta } from './SharingMeta.tsx';

interface PageProps {
  /** The page's own name: the h1 and the first part of the document title. */
  title: string;
  description: string;
  /** Optional wide banner image shown above the heading: a single file, or a content picture in several widths. */
  headerImage?: { src: string; alt: string } | PictureContent | undefined;
  /** Replaces the banner image with richer content, such as the home page's slideshow. */
  banner?: ReactNode;
  /** The h1 when it should differ from the document title's first part. */
  heading?: string;
  /** The heading's language when it is not the page's (a Filipino news title on an English page). */
  headingLang?: Lang | undefined;
  /** False on error pages, which have no address to name as canonical. */
  canonical?: boolean;
  children?: ReactNode;
}

/** The banner's height (`.page-banner img` in global.css): 10rem, and 16rem from 48rem wide. */
const BANNER_HEIGHT_REM = { narrow: 10, wide: 16, wideFrom: 48 };

const round = (value: number) => Number(value.toFixed(2));

/**
 * How wide a banner picture is drawn: the banner covers itself with it, so on a screen
 * narrower than the picture at the banner's height (a 4:1 picture 10rem high is 40rem wide)
 * it is drawn at that width and cut at the sides.
 */
export function bannerSizes(picture: PictureContent): string {
  const ratio = picture.width / picture.height;
  const narrow = round(BANNER_HEIGHT_REM.narrow * ratio);
  const wide = round(BANNER_HEIGHT_REM.wide * ratio);
  return [
    `(min-width: ${Math.max(wide, BANNER_HEIGHT_REM.wideFrom)}rem) 100vw`,
    `(min-width: ${BANNER_HEIGHT_REM.wideFrom}rem) ${wide}rem`,
    `(min-width: ${narrow}rem) 100vw`,
    `${narrow}rem`,
  ].join(', ');
}

/** The title, description, header image and h1 every page has. */
export function Page({
  title,
  description,
  headerImage,
  banner,
  heading,
  headingLang,
  canonical = true,
  children,
}: PageProps) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const siteName = root?.site.municipality.name;
  return (
    <>
      <title>{siteName ? `${title} | ${siteName}` : title}</title>
      <meta name="description" content={description} />
      <SharingMeta title={title} description={description} canonical={canonical} />
      {banner}
      {headerImage && !banner ? (
        <div className="page-banner">
          {'variants' in headerImage ? (
            <Picture image={headerImage} sizes={bannerSizes(headerImage)} eager />
          ) : (
            <img src={headerImage.src} alt={headerImage.alt} width={1600} height={400} />
          )}
        </div>
      ) : null}
      <div className="page-body">
        <h1 className="page-title" lang={headingLang}>
          {heading ?? title}
        </h1>
        {children}
      </div>
    </>
  );
}
