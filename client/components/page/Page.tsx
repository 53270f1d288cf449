import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router-dom';
import type { RootData } from '../../root-data.ts';

interface PageProps {
  /** The page's own name: the h1 and the first part of the document title. */
  title: string;
  description: string;
  /** Optional wide banner image shown above the heading. */
  headerImage?: { src: string; alt: string } | undefined;
  children?: ReactNode;
}

/** The title, description, header image and h1 every page has. */
export function Page({ title, description, headerImage, children }: PageProps) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const siteName = root?.site.municipality.name;
  return (
    <>
      <title>{siteName ? `${title} | ${siteName}` : title}</title>
      <meta name="description" content={description} />
      {headerImage ? (
        <div className="page-banner">
          <img src={headerImage.src} alt={headerImage.alt} width={1600} height={400} />
        </div>
      ) : null}
      <div className="page-body">
        <h1 className="page-title">{title}</h1>
        {children}
      </div>
    </>
  );
}
