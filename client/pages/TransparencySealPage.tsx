import { Link, useLoaderData, useRouteLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { Page } from '../components/page/Page.tsx';
import type { RootData } from '../root-data.ts';

export const transparencySealLoader = partsLoader('transparencySeal');

/** The index of what the Transparency Seal certifies, each item leading to the pages that hold it. */
export function TransparencySealPage() {
  const { transparencySeal } = useLoaderData<typeof transparencySealLoader>();
  // The seal's image comes with the frame's site content, already loaded.
  const seal = (useRouteLoaderData('root') as RootData).site.transparencySeal;
  return (
    <Page
      title="Transparency Seal"
      description="The items the Transparency Seal asks the municipality to publish, and where on this site each one is."
      headerImage={transparencySeal.headerImage}
    >
      <div className="seal-intro">
        <img src={seal.src} alt="" width={96} height={96} />
        <p className="lead">{transparencySeal.intro}</p>
      </div>
      <ol className="card-grid seal-items">
        {transparencySeal.items.map((item) => (
          <li key={item.title} className="card seal-item">
            <h2>{item.title}</h2>
            <p>{item.description}</p>
            <ul className="seal-links">
              {item.links.map((link) => (
                <li key={link.title}>
                  <Link to={link.href}>{link.title}</Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </Page>
  );
}
