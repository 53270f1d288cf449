import { Link, useLoaderData } from 'react-router-dom';
import { partsLoader } from '../components/content/parts-loader.ts';
import { Page } from '../components/page/Page.tsx';

export const officesLoader = partsLoader('offices');

export function OfficesPage() {
  const { offices } = useLoaderData<typeof officesLoader>();
  return (
    <Page
      title="LGU Offices"
      description="The offices and departments of the local government unit."
      headerImage={offices.headerImage}
    >
      <p className="lead">{offices.intro}</p>
      <ul className="card-grid office-links">
        {offices.offices.map((office) => (
          <li key={office.path} className="card office-card">
            <h2>
              <Link to={office.path}>{office.name}</Link>
            </h2>
            <p>{office.summary}</p>
          </li>
        ))}
      </ul>
    </Page>
  );
}
