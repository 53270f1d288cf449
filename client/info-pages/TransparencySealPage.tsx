import { Link, useLoaderData, useRouteLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { Page } from '../components/page/Page.tsx';
import type { RootData } from '../root-data.ts';
import { Localized } from '../components/content/Localized.tsx';
import { useI18n } from '../i18n/useI18n.tsx';

export const transparencySealLoader = partsLoader('transparencySeal');

/** The index of what the Transparency Seal certifies, each item leading to the pages that hold it. */
export function TransparencySealPage() {
  const { transparencySeal } = useLoaderData<typeof transparencySealLoader>();
  // The seal's image comes with the frame's site content, already loaded.
  const seal = (useRouteLoaderData('root') as RootData).site.transparencySeal;
  const { t, localPath } = useI18n();
  return (
    <Page
      title={t('seal.title')}
      description={t('seal.description')}
      headerImage={transparencySeal.headerImage}
    >
      <div className="seal-intro">
        <img src={seal.src} alt="" width={96} height={96} />
        <p className="lead">
          <Localized text={transparencySeal.intro} />
        </p>
      </div>
      <ol className="card-grid seal-items">
        {transparencySeal.items.map((item) => (
          <li key={JSON.stringify(item.title)} className="card seal-item">
            <h2>
              <Localized text={item.title} />
            </h2>
            <p>
              <Localized text={item.description} />
            </p>
            <ul className="seal-links">
              {item.links.map((link) => (
                <li key={link.href}>
                  <Link to={localPath(link.href)}>
                    <Localized text={link.title} />
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </Page>
  );
}
